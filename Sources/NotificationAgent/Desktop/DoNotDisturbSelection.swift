import FreedesktopNotifications

/// Which do-not-disturb switch the agent follows: the one the running notification server keeps
/// (``DoNotDisturbSwitch/of(_:)``, by the name its `GetServerInformation` gives). The one
/// place where the agent picks a ``DoNotDisturbSource``; nothing else in the agent knows which
/// server or desktop runs.
package enum DoNotDisturbSelection {
    /// The source for the server `profile` describes, read through `server`; `nil` where the
    /// server keeps no switch that can be read (do-not-disturb then counts as off).
    package static func source(for profile: ServerProfile, server: any NotificationServer) -> (any DoNotDisturbSource)?
    {
        guard let doNotDisturbSwitch = DoNotDisturbSwitch.of(profile) else { return nil }
        return ServerDoNotDisturbSource(server: server, origin: doNotDisturbSwitch.origin)
    }
}

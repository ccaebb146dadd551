import FreedesktopNotifications

/// Which do-not-disturb switch the agent follows: the one the running notification server keeps
/// (``DoNotDisturbSwitch/of(_:)``, by the name its `GetServerInformation` gives), or, for
/// Cinnamon's server (`cinnamon`), Cinnamon's GSettings key (``CinnamonDoNotDisturb``). The one
/// place where the agent picks a ``DoNotDisturbSource``; nothing else in the agent knows which
/// server or desktop runs.
package enum DoNotDisturbSelection {
    /// The source for the server `profile` describes, read through `server` (or GSettings, for
    /// Cinnamon); else the one the desktop's settings store keeps (GNOME's `show-banners`); `nil`
    /// where neither keeps a switch that can be read (do-not-disturb then counts as off).
    package static func source(
        for profile: ServerProfile, server: any NotificationServer, desktop: (any DesktopAppSettingsStore)? = nil
    ) -> (any DoNotDisturbSource)? {
        guard let doNotDisturbSwitch = DoNotDisturbSwitch.of(profile) else {
            if profile.information?.name == "cinnamon" { return CinnamonDoNotDisturb.shared }
            return desktop?.doNotDisturb
        }
        return ServerDoNotDisturbSource(server: server, origin: doNotDisturbSwitch.origin)
    }
}

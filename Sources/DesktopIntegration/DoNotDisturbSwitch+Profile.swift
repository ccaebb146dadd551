import FreedesktopNotifications

extension DoNotDisturbSwitch {
    /// The switch of the server `profile` describes: KDE's `Inhibited` wherever `inhibitions` is
    /// advertised, else the table's (``DoNotDisturbRow/table``); `nil` when it keeps none that
    /// can be read on the bus.
    package static func of(_ profile: ServerProfile) -> Self? {
        if profile.capabilities.contains(.inhibitions) { return .inhibited }
        for row in DoNotDisturbRow.rows(for: profile.information) {
            if case .onTheBus(let doNotDisturbSwitch) = row.place { return doNotDisturbSwitch }
        }
        return nil
    }

    /// Why the server `profile` describes has no switch of its own to read, for `unotify server
    /// --explain` (where ``of(_:)`` is `nil`): the table's reason, or where its desktop keeps one
    /// in GSettings, which only the agent reads.
    package static func absence(in profile: ServerProfile) -> String {
        if let place = profile.doNotDisturbInGSettings { return place.absence }
        for row in DoNotDisturbRow.rows(for: profile.information) {
            if case .nowhere(let reason) = row.place { return reason }
        }
        return "\(profile.information?.name ?? "the server") keeps no switch unotify can read"
    }
}

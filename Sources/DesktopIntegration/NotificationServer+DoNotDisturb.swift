import FreedesktopNotifications

extension NotificationServer {
    /// The server's do-not-disturb state, read where the running server keeps it
    /// (``DoNotDisturbSwitch/of(_:)``: KDE's `Inhibited`, dunst's `paused`, mako's mode,
    /// xfce4-notifyd's xfconf property, …).
    ///
    /// - Throws: ``NotificationServerError`` when the server keeps no switch that can be read,
    ///   is on no bus, or the read fails.
    package func isDoNotDisturbOn() async throws -> Bool {
        let profile = try await profile()
        guard let doNotDisturb = DoNotDisturbSwitch.of(profile) else {
            throw NotificationServerError(
                .rejected,
                "\(profile.information?.name ?? "the server") keeps no do-not-disturb switch unotify can read")
        }
        return try await doNotDisturb.read(from: self)
    }
}

import DBus

extension NotificationsClient {
    /// The server's do-not-disturb state, read where the running server keeps it
    /// (``DoNotDisturbSwitch/of(_:)``: KDE's `Inhibited`, dunst's `paused`, mako's mode,
    /// xfce4-notifyd's xfconf property).
    ///
    /// - Throws: ``NotificationServerError`` when the server keeps no switch that can be read,
    ///   or the read fails.
    public func isInhibited() async throws -> Bool {
        let profile = try await profile()
        guard let doNotDisturb = DoNotDisturbSwitch.of(profile) else {
            throw NotificationServerError(
                .rejected,
                "\(profile.information?.name ?? "the server") keeps no do-not-disturb switch unotify can read")
        }
        do {
            return try await doNotDisturb.read(on: connection, server: serverName, timeout: timeout)
        } catch let error as DBusError {
            throw NotificationServerError(error, server: serverName)
        }
    }
}

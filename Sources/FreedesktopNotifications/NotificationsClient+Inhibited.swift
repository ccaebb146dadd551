import DBus

extension NotificationsClient {
    /// The server's do-not-disturb state: its `Inhibited` property, offered by servers with the
    /// `inhibitions` capability (KDE Plasma). While it is true, Plasma puts a notification that is
    /// not critical into its history without a popup or sound (measured on Plasma 5.27).
    ///
    /// - Throws: ``NotificationServerError`` when the server has no such property or the call fails.
    public func isInhibited() async throws -> Bool {
        let value: DBusValue
        do {
            value = try await connection.property(
                "Inhibited", of: NotificationsService.interface,
                at: NotificationsService.path, on: serverName, timeout: timeout)
        } catch let error as DBusError {
            throw NotificationServerError(error, server: serverName)
        }
        guard case .boolean(let inhibited) = value else {
            throw NotificationServerError(.badReply, "the Inhibited property is not a boolean")
        }
        return inhibited
    }
}

import DBus

extension NotificationsClient {
    /// The server's do-not-disturb state: its `Inhibited` property, offered by servers with the
    /// `inhibitions` capability (KDE Plasma). While it is true, Plasma puts a notification that is
    /// not critical into its history without a popup or sound (measured on Plasma 5.27).
    ///
    /// - Throws: ``NotificationServerError`` when the server has no such property or the call fails.
    public func isInhibited() async throws -> Bool {
        let message = DBusMessage.methodCall(
            destination: serverName, path: NotificationsService.path, interface: "org.freedesktop.DBus.Properties",
            member: "Get", body: [.string(NotificationsService.interface.rawValue), .string("Inhibited")])
        let reply: DBusMessage
        do {
            reply = try await connection.call(message, timeout: timeout)
        } catch let error as DBusError {
            throw NotificationServerError(error, server: serverName)
        }
        guard reply.body.count == 1, case .variant(.boolean(let inhibited)) = reply.body[0] else {
            throw NotificationServerError(.badReply, "the Inhibited property is not a boolean")
        }
        return inhibited
    }
}

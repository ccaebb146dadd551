/// The one seam between the layers above and a notification server.
///
/// ``NotificationsClient`` implements it over D-Bus; a portal implementation or an in-memory
/// test double can implement it too.
public protocol NotificationServer: Sendable {
    /// Shows a notification; returns the id the server gave it.
    func notify(_ request: NotifyRequest) async throws -> ServerNotificationID
    /// Closes a notification (`CloseNotification`).
    func closeNotification(_ id: ServerNotificationID) async throws
    /// The server's capabilities.
    func capabilities() async throws -> ServerCapabilities
    /// The server's name, vendor and versions.
    func serverInformation() async throws -> ServerInformation
    /// The server's signals about notifications, from the server only; subscribed when this returns.
    func events() async throws -> AsyncThrowingStream<ServerEvent, any Error>
}

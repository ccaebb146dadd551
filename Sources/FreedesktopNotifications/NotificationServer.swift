/// The one seam between the layers above and a notification server.
///
/// ``NotificationsClient`` implements it over D-Bus; the agent holds `any NotificationServer`,
/// so a portal implementation or an in-memory test double can stand in for it.
///
/// Two kinds of ids: a ``ServerNotificationID`` alone, for a short-lived caller that shows one
/// notification (`notify(_:)`, `closeNotification(_:)` with a bare id, `events()`), and an
/// ``OwnedNotificationID``, the id with the server connection that issued it, for a long-lived
/// caller that must not confuse a restarted server's notification 1 with the old server's
/// (`notify(_:replacing:)`, `replace(_:with:)`, `closeNotification(_:)` with an owned id,
/// `ownedEvents()`, `ownerChanges()`).
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

    /// The running server's capabilities and information (``ServerProfile``), asked again when
    /// the server's name changes owner. Information that cannot be read leaves the profile's
    /// `information` nil; capabilities that cannot be read are an error.
    func profile() async throws -> ServerProfile
    /// Shows a notification and returns its id bound to the server connection that issued it.
    /// When `replacing` is given it is replaced (``replace(_:with:)``); if the connection that
    /// issued it has gone, a new notification is shown on the server that runs now.
    func notify(_ request: NotifyRequest, replacing: OwnedNotificationID?) async throws -> OwnedNotificationID
    /// Replaces a notification with `request` on the server connection that issued it, and on
    /// no other; throws ``NotificationServerError`` with code `.noServer` when it has gone.
    @discardableResult
    func replace(_ notification: OwnedNotificationID, with request: NotifyRequest) async throws
        -> OwnedNotificationID
    /// Closes a notification on the server connection that issued it, and on no other; throws
    /// ``NotificationServerError`` with code `.noServer` when it has gone.
    func closeNotification(_ notification: OwnedNotificationID) async throws
    /// Where the server is on the bus, for what its desktop keeps beside this interface (its
    /// do-not-disturb switch, read by `DesktopIntegration`); nil for a server on no bus.
    var endpoint: ServerEndpoint? { get }
    /// The unique name of the server name's owner as it changes (`nil`: no server). Subscribed
    /// when this returns; the first element is the owner at that moment.
    func ownerChanges() async throws -> AsyncThrowingStream<String?, any Error>
    /// The server's signals with the connection that emitted each, from the current owner of
    /// the server's name only; subscribed when this returns.
    func ownedEvents() async throws -> AsyncThrowingStream<OwnedServerEvent, any Error>
}

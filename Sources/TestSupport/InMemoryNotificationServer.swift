import FreedesktopNotifications

/// A notification server in memory, standing in for `NotificationsClient` behind the
/// `NotificationServer` seam: no bus and no server process. It keeps what it was asked to show
/// and close, and a test plays the server's part through it: `emit(_:)` sends an event as its
/// current owner's signal, `changeOwner(to:)` restarts or stops it.
public actor InMemoryNotificationServer: NotificationServer {
    /// One `Notify` the server answered: the id it gave, owned by the owner of that moment.
    public struct Shown: Sendable {
        /// The id, with the owner that issued it.
        public let id: OwnedNotificationID
        /// What was shown.
        public let request: NotifyRequest
    }

    /// The unique name of the server connection that owns the server name now; `nil`: no server.
    public private(set) var owner: String?
    /// Every notification shown (or replaced) so far, in order.
    public private(set) var shown: [Shown] = []
    /// Every notification closed so far, in order.
    public private(set) var closed: [OwnedNotificationID] = []
    /// On no bus: no desktop switch can be read beside it.
    public nonisolated let endpoint: ServerEndpoint? = nil
    private let capabilityNames: [String]
    private let information: ServerInformation
    private var lastID: UInt32 = 0
    /// What each `Notify` fails with, when set (``refuseEveryNotify(with:)``).
    private var refusal: NotificationServerError?
    private var taken = 0
    private var eventSubscribers: [AsyncThrowingStream<OwnedServerEvent, any Error>.Continuation] = []
    private var ownerSubscribers: [AsyncThrowingStream<String?, any Error>.Continuation] = []

    /// A server owned by `owner`, with `capabilities` and `information`.
    public init(
        owner: String = ":memory.1", capabilities: [String] = ["actions", "body", "persistence"],
        information: ServerInformation = ServerInformation(
            name: "in-memory", vendor: "unotify tests", version: "1", specVersion: "1.2")
    ) {
        self.owner = owner
        capabilityNames = capabilities
        self.information = information
    }

    // MARK: The test's side

    /// From now on every `Notify` fails with `error`, as a server or portal that refuses does.
    public func refuseEveryNotify(with error: NotificationServerError) {
        refusal = error
    }

    /// The next notification shown and not yet taken, waiting at most `timeout`.
    public func nextShown(timeout: Duration = TestPatience.event) async throws -> Shown {
        try await Eventually.wait(timeout: timeout, "a Notify on the in-memory server") {
            await self.hasUntaken
        }
        taken += 1
        return shown[taken - 1]
    }

    private var hasUntaken: Bool { shown.count > taken }

    /// Waits until `id` was closed, at most `timeout`.
    public func waitForClose(of id: OwnedNotificationID, timeout: Duration = TestPatience.event) async throws {
        try await Eventually.wait(timeout: timeout, "CloseNotification(\(id))") { await self.closed.contains(id) }
    }

    /// Sends `event` as a signal of the current owner to every `ownedEvents()` and `events()`.
    public func emit(_ event: ServerEvent) throws {
        guard let owner else { throw TestSupportError("no server owns the name: nobody emits \(event)") }
        for subscriber in eventSubscribers { subscriber.yield(OwnedServerEvent(owner: owner, event: event)) }
    }

    /// Gives the server name to `newOwner` (a restarted server; `nil`: the server stopped), as
    /// `ownerChanges()` reports it.
    public func changeOwner(to newOwner: String?) {
        owner = newOwner
        for subscriber in ownerSubscribers { subscriber.yield(newOwner) }
    }

    // MARK: NotificationServer

    public func notify(_ request: NotifyRequest) async throws -> ServerNotificationID {
        try await notify(request, replacing: nil).id
    }

    public func closeNotification(_ id: ServerNotificationID) async throws {
        try await closeNotification(OwnedNotificationID(owner: try currentOwner(), id: id))
    }

    public func capabilities() async throws -> ServerCapabilities {
        _ = try currentOwner()
        return ServerCapabilities(capabilityNames)
    }

    public func serverInformation() async throws -> ServerInformation {
        _ = try currentOwner()
        return information
    }

    public func events() async throws -> AsyncThrowingStream<ServerEvent, any Error> {
        let owned = try await ownedEvents()
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await event in owned { continuation.yield(event.event) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    public func profile() async throws -> ServerProfile {
        ServerProfile(information: try await serverInformation(), capabilities: try await capabilities())
    }

    public func notify(_ request: NotifyRequest, replacing: OwnedNotificationID?) async throws -> OwnedNotificationID {
        if let refusal { throw refusal }
        if let replacing, replacing.owner == owner { return try await replace(replacing, with: request) }
        let owner = try currentOwner()
        lastID += 1
        let id = OwnedNotificationID(owner: owner, id: ServerNotificationID(rawValue: lastID))
        var request = request
        request.replacesID = .unassigned
        shown.append(Shown(id: id, request: request))
        return id
    }

    @discardableResult
    public func replace(_ notification: OwnedNotificationID, with request: NotifyRequest) async throws
        -> OwnedNotificationID
    {
        try issuedByCurrentOwner(notification)
        var request = request
        request.replacesID = notification.id
        shown.append(Shown(id: notification, request: request))
        return notification
    }

    public func closeNotification(_ notification: OwnedNotificationID) async throws {
        try issuedByCurrentOwner(notification)
        closed.append(notification)
    }

    public func ownerChanges() async throws -> AsyncThrowingStream<String?, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: String?.self, throwing: (any Error).self)
        continuation.yield(owner)
        ownerSubscribers.append(continuation)
        return stream
    }

    public func ownedEvents() async throws -> AsyncThrowingStream<OwnedServerEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: OwnedServerEvent.self, throwing: (any Error).self)
        eventSubscribers.append(continuation)
        return stream
    }

    private func currentOwner() throws -> String {
        guard let owner else { throw NotificationServerError(.noServer, "the in-memory server is stopped") }
        return owner
    }

    private func issuedByCurrentOwner(_ notification: OwnedNotificationID) throws {
        guard notification.owner == owner else {
            throw NotificationServerError(.noServer, "the server connection \(notification.owner) has gone")
        }
    }
}

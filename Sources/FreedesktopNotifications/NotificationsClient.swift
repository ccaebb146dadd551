import DBus

/// A client of `org.freedesktop.Notifications` on one D-Bus connection.
///
/// Signals are accepted only from the connection that currently owns the server name: any
/// connection on the bus can emit a look-alike `ActionInvoked`, and such a signal is dropped.
/// The owner is looked up again when a signal comes from anyone else, so a restarted server is
/// followed. Capabilities are read once per owner.
public actor NotificationsClient: NotificationServer {
    /// The bus connection the client calls the server on.
    public nonisolated let connection: DBusConnection
    /// The server's bus name; tests point it at a fake server.
    public nonisolated let serverName: BusName
    /// The deadline of each call to the server.
    public nonisolated let timeout: Duration
    /// The server's name on the client's connection, with the client's deadline.
    public nonisolated var endpoint: ServerEndpoint? {
        ServerEndpoint(connection: connection, name: serverName, timeout: timeout)
    }
    private var owner: String?
    private var cachedCapabilities: (owner: String, capabilities: ServerCapabilities)?
    private var cachedInformation: (owner: String, information: ServerInformation?)?

    /// A client of the server owning `serverName` on `connection`; each call waits at most `timeout`.
    public init(
        connection: DBusConnection, serverName: BusName = NotificationsService.busName,
        timeout: Duration = .seconds(10)
    ) {
        self.connection = connection
        self.serverName = serverName
        self.timeout = timeout
    }

    /// Connects to the session bus.
    ///
    /// - Throws: ``NotificationServerError`` with code `.noSessionBus` when there is none.
    public static func sessionBus(serverName: BusName = NotificationsService.busName) throws -> NotificationsClient {
        do {
            return NotificationsClient(connection: try DBusConnection.sessionBus(), serverName: serverName)
        } catch let error as DBusError {
            throw NotificationServerError(error, server: serverName)
        }
    }

    public func notify(_ request: NotifyRequest) async throws -> ServerNotificationID {
        let reply = try await call("Notify", request.arguments)
        return ServerNotificationID(rawValue: try decodeReply(reply, as: UInt32.self, member: "Notify"))
    }

    /// `Notify` with one blocking round trip on the calling thread, for a short-lived tool.
    public nonisolated func notifyBlocking(_ request: NotifyRequest) throws -> ServerNotificationID {
        do {
            let reply = try connection.callBlocking(method("Notify", request.arguments), timeout: timeout)
            return ServerNotificationID(rawValue: try decodeReply(reply.body, as: UInt32.self, member: "Notify"))
        } catch let error as DBusError {
            throw NotificationServerError(error, server: serverName)
        }
    }

    public func closeNotification(_ id: ServerNotificationID) async throws {
        _ = try await call("CloseNotification", [.uint32(id.rawValue)])
    }

    /// Shows a notification and returns its id bound to the server connection that issued it
    /// (the reply's sender), so that a later signal or call about it cannot be confused with
    /// a restarted server's notification of the same number.
    ///
    /// When `replacing` is given, it is replaced (see ``replace(_:with:)``); if the connection
    /// that issued it has gone, a new notification is shown on the server that runs now.
    public func notify(_ request: NotifyRequest, replacing: OwnedNotificationID?) async throws -> OwnedNotificationID {
        if let replacing {
            do {
                return try await replace(replacing, with: request)
            } catch let error as NotificationServerError where error.code == .noServer {
                // The issuer has gone, and what it showed went with it.
            }
        }
        var request = request
        request.replacesID = .unassigned
        return try await owned(callReturningSender("Notify", request.arguments, destination: serverName))
    }

    /// Replaces a notification with `request`: `Notify` with its `replaces_id`, sent to the
    /// server connection that issued it and to no other.
    ///
    /// - Throws: ``NotificationServerError`` with code `.noServer` when that connection has gone.
    @discardableResult
    public func replace(_ notification: OwnedNotificationID, with request: NotifyRequest) async throws
        -> OwnedNotificationID
    {
        var request = request
        request.replacesID = notification.id
        return try await owned(
            callReturningSender("Notify", request.arguments, destination: try issuer(of: notification)))
    }

    /// Closes a notification on the server connection that issued it; nothing is sent to any
    /// other connection (a restarted server's notification with the same number is left alone).
    ///
    /// - Throws: ``NotificationServerError`` with code `.noServer` when that connection has gone.
    public func closeNotification(_ notification: OwnedNotificationID) async throws {
        _ = try await callReturningSender(
            "CloseNotification", [.uint32(notification.id.rawValue)], destination: try issuer(of: notification))
    }

    private nonisolated func issuer(of notification: OwnedNotificationID) throws -> BusName {
        // try?: an owner that is no bus name is thrown as .noServer just below
        guard let name = try? BusName(validating: notification.owner) else {
            throw NotificationServerError(
                .noServer, "the server connection \(notification.owner.debugDescription) is not a bus name")
        }
        return name
    }

    /// The server's signals with the connection that emitted each, from the current owner of the
    /// server name only (see ``events()``).
    public func ownedEvents() async throws -> AsyncThrowingStream<OwnedServerEvent, any Error> {
        try await subscribe { event, sender in OwnedServerEvent(owner: sender, event: event) }
    }

    /// The server name's owner as it changes: the unique name of the new owner, or `nil` when
    /// the server has gone. Subscribed when this returns; the first element is the owner at
    /// that moment (`nil` when there is none).
    public func ownerChanges() async throws -> AsyncThrowingStream<String?, any Error> {
        let changes:
            AsyncThrowingMapSequence<AsyncThrowingStream<DBusMessage, any Error>, DBusConnection.NameOwnerChange>
        do {
            changes = try await connection.nameOwnerChanges(of: serverName)
        } catch let error as DBusError {
            throw NotificationServerError(error, server: serverName)
        }
        // try?: no owner yet is nil, the stream's first value; a later owner comes as a change
        let current = try? await resolveOwner()
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: String?.self, throwing: (any Error).self)
        continuation.yield(current)
        let task = Task {
            do {
                for try await change in changes {
                    self.noteOwner(change.newOwner)
                    continuation.yield(change.newOwner)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func noteOwner(_ newOwner: String?) { owner = newOwner }

    public func capabilities() async throws -> ServerCapabilities {
        let currentOwner = try await resolveOwner()
        if let cachedCapabilities, cachedCapabilities.owner == currentOwner { return cachedCapabilities.capabilities }
        let reply = try await call("GetCapabilities", [])
        let capabilities = ServerCapabilities(try decodeReply(reply, as: [String].self, member: "GetCapabilities"))
        cachedCapabilities = (currentOwner, capabilities)
        return capabilities
    }

    /// The running server's ``ServerProfile``: its capabilities and information, each asked
    /// once per owner of the server's name, so a restarted or replaced server is asked again.
    /// Information that cannot be read leaves the profile's `information` nil (the
    /// capabilities alone decide then); capabilities that cannot be read are an error.
    public func profile() async throws -> ServerProfile {
        let capabilities = try await capabilities()  // looks the owner up
        let currentOwner = owner ?? ""
        if let cachedInformation, cachedInformation.owner == currentOwner {
            return ServerProfile(information: cachedInformation.information, capabilities: capabilities)
        }
        // try?: a server without GetServerInformation is profiled by its capabilities alone
        let information = try? await serverInformation()
        cachedInformation = (currentOwner, information)
        return ServerProfile(information: information, capabilities: capabilities)
    }

    public func serverInformation() async throws -> ServerInformation {
        let reply = try await call("GetServerInformation", [])
        // try?: a reply of other types is thrown as .badReply just below
        guard reply.count == 4, let strings = try? reply.map({ try String(dbusValue: $0) }) else {
            throw NotificationServerError(
                .badReply, "GetServerInformation returned '\(Self.signature(reply))', expected 'ssss'")
        }
        return ServerInformation(name: strings[0], vendor: strings[1], version: strings[2], specVersion: strings[3])
    }

    public func events() async throws -> AsyncThrowingStream<ServerEvent, any Error> {
        try await subscribe { event, _ in event }
    }

    private func subscribe<Element: Sendable>(
        _ transform: @escaping @Sendable (ServerEvent, String) -> Element
    ) async throws -> AsyncThrowingStream<Element, any Error> {
        let signals: AsyncThrowingStream<DBusMessage, any Error>
        do {
            signals = try await connection.signals(
                matching: MatchRule(
                    path: NotificationsService.path, interface: NotificationsService.interface))
        } catch let error as DBusError {
            throw NotificationServerError(error, server: serverName)
        }
        // try?: only warms the owner cache; each event's sender is checked against the bus later
        _ = try? await resolveOwner()
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self, throwing: (any Error).self)
        let task = Task {
            do {
                for try await message in signals {
                    guard let event = ServerEvent(signal: message), let sender = message.sender,
                        await isFromServer(message)
                    else { continue }
                    continuation.yield(transform(event, sender))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The unique name of the server's current owner.
    ///
    /// - Throws: ``NotificationServerError`` with code `.noServer` when nobody owns the name.
    public func resolveOwner() async throws -> String {
        let found: String?
        do {
            found = try await connection.nameOwner(of: serverName)
        } catch let error as DBusError {
            throw NotificationServerError(error, server: serverName)
        }
        owner = found
        guard let found else {
            throw NotificationServerError(
                DBusError(.nameHasNoOwner, "no owner"),
                server: serverName)
        }
        return found
    }

    /// Whether a signal comes from the connection that owns the server name now.
    private func isFromServer(_ message: DBusMessage) async -> Bool {
        guard let sender = message.sender else { return false }
        if sender == owner { return true }
        // Someone else, or the server was restarted: ask the bus who owns the name now.
        // try?: no owner known means the sender is not the server: its event is ignored
        guard let current = try? await resolveOwner() else { return false }
        return current == sender
    }

    private func callReturningSender(_ member: MemberName, _ arguments: [DBusValue], destination: BusName)
        async throws -> (body: [DBusValue], sender: String?)
    {
        var message = method(member, arguments)
        message.destination = destination
        do {
            let reply = try await connection.call(message, timeout: timeout)
            return (reply.body, reply.sender)
        } catch let error as DBusError {
            throw NotificationServerError(error, server: serverName)
        }
    }

    private func owned(_ reply: (body: [DBusValue], sender: String?)) throws -> OwnedNotificationID {
        let id = ServerNotificationID(rawValue: try decodeReply(reply.body, as: UInt32.self, member: "Notify"))
        guard let sender = reply.sender else {
            throw NotificationServerError(
                .badReply, "the Notify reply names no sender, so its id cannot be bound to a server")
        }
        return OwnedNotificationID(owner: sender, id: id)
    }

    private func call(_ member: MemberName, _ arguments: [DBusValue]) async throws -> [DBusValue] {
        do {
            return try await connection.call(method(member, arguments), timeout: timeout).body
        } catch let error as DBusError {
            throw NotificationServerError(error, server: serverName)
        }
    }

    private nonisolated func method(_ member: MemberName, _ arguments: [DBusValue]) -> DBusMessage {
        .methodCall(
            destination: serverName, path: NotificationsService.path, interface: NotificationsService.interface,
            member: member, body: arguments)
    }

    private nonisolated func decodeReply<T: DBusRepresentable>(_ reply: [DBusValue], as type: T.Type, member: String)
        throws -> T
    {
        // try?: a reply of another type is thrown as .badReply just below
        guard reply.count == 1, let value = try? T(dbusValue: reply[0]) else {
            throw NotificationServerError(
                .badReply, "\(member) returned '\(Self.signature(reply))', expected '\(T.dbusSignature)'")
        }
        return value
    }

    private static func signature(_ values: [DBusValue]) -> String { values.map(\.signature.description).joined() }
}

import DBus
import FreedesktopNotifications
import Foundation

/// A notification server for tests: owns a name on a (private) bus, records every `Notify`,
/// and emits real signals from its own connection, as a real server does.
public final class FakeNotificationServer: Sendable {
    /// One `Notify` call as received.
    public struct Call: Sendable {
        public var id: ServerNotificationID
        public var request: NotifyRequest
        /// The unique name of the caller; the server's signals go to it.
        public var sender: String
        /// The hint keys exactly as sent: `request.hints` reads legacy spellings (`image_path`)
        /// into the standard properties, as servers do, so it cannot tell them apart.
        public var hintKeys: Set<String>
        /// When the server received the call (wall clock).
        public var receivedAt: Date
    }

    public let connection: DBusConnection
    public let name: BusName
    private let state: State
    private let calls: AsyncStream<Call>

    /// Starts the server on `address` under `name` with the given capabilities.
    public init(address: String, name: BusName = NotificationsService.busName,
                capabilities: [String] = ["actions", "body", "body-markup", "persistence"],
                information: ServerInformation = ServerInformation(name: "fake", vendor: "unotify tests", version: "1", specVersion: "1.2")) async throws {
        connection = try DBusConnection(address: address)
        self.name = name
        let (calls, continuation) = AsyncStream.makeStream(of: Call.self)
        self.calls = calls
        let state = State(continuation: continuation)
        self.state = state
        let connection = self.connection
        await connection.export(path: NotificationsService.path) { message in
            switch message.member?.rawValue {
            case "Notify":
                let request = try NotifyRequest(arguments: message.body)
                let id = state.nextID(replacing: request.replacesID)
                let hints = message.body.count > 6 ? try [String: DBusVariant](dbusValue: message.body[6]) : [:]
                state.record(Call(id: id, request: request, sender: message.sender ?? "", hintKeys: Set(hints.keys),
                                  receivedAt: Date()))
                return [.uint32(id.rawValue)]
            case "GetCapabilities":
                return [capabilities.dbusValue]
            case "GetServerInformation":
                return [information.name, information.vendor, information.version, information.specVersion].map(\.dbusValue)
            case "CloseNotification":
                let id = ServerNotificationID(rawValue: try UInt32(dbusValue: message.body.first ?? .uint32(0)))
                state.recordClose(id)
                if let caller = state.caller(of: id) {
                    var signal = ServerEvent.closed(id, .closedByCall).signal
                    signal.destination = try? BusName(validating: caller)
                    try await connection.send(signal)
                }
                return []
            default:
                throw DBusError(.remote, "no such method", name: "org.freedesktop.DBus.Error.UnknownMethod")
            }
        }
        guard try await connection.requestName(name) == .primaryOwner else {
            throw TestSupportError("\(name) is already owned on this bus")
        }
    }

    /// The next `Notify` call, waiting at most `timeout`.
    public func nextCall(timeout: Duration = .seconds(10)) async throws -> Call {
        let calls = self.calls
        return try await withThrowingTaskGroup(of: Call?.self) { group in
            group.addTask {
                var iterator = calls.makeAsyncIterator()
                return await iterator.next()
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let call = try await group.next() ?? nil else {
                throw TestSupportError("no Notify call within \(timeout)")
            }
            return call
        }
    }

    /// Emits `event` as a unicast signal to the connection that created the notification, as
    /// dunst does (or broadcast when `broadcast` is set).
    public func emit(_ event: ServerEvent, broadcast: Bool = false) async throws {
        var signal = event.signal
        if !broadcast, let caller = state.caller(of: event.notificationID) {
            signal.destination = try BusName(validating: caller)
        }
        try await connection.send(signal)
    }

    /// The ids passed to `CloseNotification` so far.
    public var closedIDs: [ServerNotificationID] { state.closedIDs }

    /// Waits until `CloseNotification` was called for `id`, at most `timeout`.
    public func waitForClose(of id: ServerNotificationID, timeout: Duration = .seconds(10)) async throws {
        try await Eventually.wait(timeout: timeout, "CloseNotification(\(id))") { self.closedIDs.contains(id) }
    }

    /// Gives up the name and closes the connection.
    public func stop() async {
        await connection.close()
    }

    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var lastID: UInt32 = 0
        private var callers: [ServerNotificationID: String] = [:]
        private var closed: [ServerNotificationID] = []
        private let continuation: AsyncStream<Call>.Continuation

        init(continuation: AsyncStream<Call>.Continuation) { self.continuation = continuation }

        func nextID(replacing: ServerNotificationID) -> ServerNotificationID {
            lock.withLock {
                if replacing != .unassigned, callers[replacing] != nil { return replacing }
                lastID += 1
                return ServerNotificationID(rawValue: lastID)
            }
        }

        func record(_ call: Call) {
            lock.withLock { callers[call.id] = call.sender }
            continuation.yield(call)
        }

        func recordClose(_ id: ServerNotificationID) { lock.withLock { closed.append(id) } }

        var closedIDs: [ServerNotificationID] { lock.withLock { closed } }

        func caller(of id: ServerNotificationID) -> String? { lock.withLock { callers[id] } }
    }
}

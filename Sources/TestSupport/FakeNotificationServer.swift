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
        /// The eight `Notify` arguments exactly as received, hint values with their wire types.
        public var arguments: [DBusValue]
    }

    public let connection: DBusConnection
    public let name: BusName
    private let state: State

    /// Starts the server on `address` under `name` with the given capabilities.
    ///
    /// With `senderPatience`, the server behaves as GNOME Shell's notification service (46 and
    /// later) does: before it answers a `Notify` it asks the bus for the sender's process, and a
    /// sender that has left by then loses its notification (``lostSummaries``; the call is
    /// answered with an error). The question is asked once the sender has left or
    /// `senderPatience` has passed, whichever comes first, so a sender that exits without
    /// waiting for the answer loses its notification every time, not by chance.
    ///
    /// With `replyGate`, the answers to the calls it holds wait until it is opened (each call
    /// is recorded when it comes).
    public init(
        address: String, name: BusName = NotificationsService.busName,
        capabilities: [String] = ["actions", "body", "body-markup", "persistence"],
        information: ServerInformation = ServerInformation(
            name: "fake", vendor: "unotify tests", version: "1", specVersion: "1.2"),
        senderPatience: Duration? = nil, replyGate: NotifyReplyGate? = nil
    ) async throws {
        connection = try DBusConnection(address: address)
        self.name = name
        let state = State()
        self.state = state
        let connection = self.connection
        await connection.export(path: NotificationsService.path) { message in
            switch message.member?.rawValue {
            case "Notify":
                let request = try NotifyRequest(arguments: message.body)
                if let senderPatience, let sender = message.sender,
                    try await !SenderPresence.stays(sender, patience: senderPatience, on: connection)
                {
                    state.recordLost(request.summary)
                    throw DBusError(.failed, "the sender \(sender) has left the bus")
                }
                let id = state.nextID(replacing: request.replacesID)
                let hints = message.body.count > 6 ? try [String: DBusVariant](dbusValue: message.body[6]) : [:]
                state.record(
                    Call(
                        id: id, request: request, sender: message.sender ?? "", hintKeys: Set(hints.keys),
                        receivedAt: Date(), arguments: message.body))
                await replyGate?.pass(request.summary)
                return [.uint32(id.rawValue)]
            case "GetCapabilities":
                return [capabilities.dbusValue]
            case "GetServerInformation":
                return [information.name, information.vendor, information.version, information.specVersion].map(
                    \.dbusValue)
            case "CloseNotification":
                let id = ServerNotificationID(rawValue: try UInt32(dbusValue: message.body.first ?? .uint32(0)))
                state.recordClose(id)
                if let caller = state.caller(of: id) {
                    var signal = ServerEvent.closed(id, .closedByCall).signal
                    // try?: a caller that is no valid bus name gets the signal broadcast, as servers do
                    signal.destination = try? BusName(validating: caller)
                    try await connection.send(signal)
                }
                return []
            default:
                throw DBusError(.unknownMethod, "no such method")
            }
        }
        guard try await connection.requestName(name) == .primaryOwner else {
            throw TestSupportError("\(name) is already owned on this bus")
        }
    }

    /// The next `Notify` call not yet taken, waiting at most `timeout`. Calls are kept in order
    /// until taken: a wait that times out loses nothing, so a call arriving later is still seen.
    public func nextCall(timeout: Duration = TestPatience.event) async throws -> Call {
        let state = self.state
        let waiter = UUID()
        let timer = Task {
            do { try await Task.sleep(for: timeout) } catch { return }
            state.expire(waiter, TestSupportError("no Notify call within \(timeout)"))
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                state.take(waiter, continuation)
            }
        } onCancel: {
            state.expire(waiter, CancellationError())
        }
    }

    /// Takes calls until the one whose summary is `marker` and returns those before it: an
    /// absence check that ends on a later, positive event (the marker, sent by the test after
    /// whatever must not have shown anything) instead of a quiet interval.
    public func calls(before marker: String, timeout: Duration = TestPatience.event) async throws -> [Call] {
        var before: [Call] = []
        while true {
            let call = try await nextCall(timeout: timeout)
            if call.request.summary == marker { return before }
            before.append(call)
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
    public func waitForClose(of id: ServerNotificationID, timeout: Duration = TestPatience.event) async throws {
        try await Eventually.wait(timeout: timeout, "CloseNotification(\(id))") { self.closedIDs.contains(id) }
    }

    /// The summaries of the notifications lost because their sender left before the server
    /// asked for its process (only with `senderPatience`).
    public var lostSummaries: [String] { state.lostSummaries }

    /// Stops serving. The name is given back first, and the bus has answered by the time this
    /// returns: a connection closed without it keeps the name until the bus has read the close,
    /// and a server started right after (a restart) found it still owned under load.
    public func stop() async {
        // try?: stopping: the bus drops the name with the connection anyway
        try? await connection.releaseName(name)
        await connection.close()
    }

    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var lastID: UInt32 = 0
        private var callers: [ServerNotificationID: String] = [:]
        private var closed: [ServerNotificationID] = []
        /// Calls received and not yet taken, oldest first.
        private var untaken: [Call] = []
        /// Waits for the next call, oldest first.
        private var waiters: [(id: UUID, continuation: CheckedContinuation<Call, any Error>)] = []

        func nextID(replacing: ServerNotificationID) -> ServerNotificationID {
            lock.withLock {
                if replacing != .unassigned, callers[replacing] != nil { return replacing }
                lastID += 1
                return ServerNotificationID(rawValue: lastID)
            }
        }

        func record(_ call: Call) {
            let waiter: CheckedContinuation<Call, any Error>? = lock.withLock {
                callers[call.id] = call.sender
                if waiters.isEmpty {
                    untaken.append(call)
                    return nil
                }
                return waiters.removeFirst().continuation
            }
            waiter?.resume(returning: call)
        }

        /// Hands the oldest untaken call to `continuation`, or keeps it waiting under `id`.
        func take(_ id: UUID, _ continuation: CheckedContinuation<Call, any Error>) {
            let call: Call? = lock.withLock {
                if untaken.isEmpty {
                    waiters.append((id, continuation))
                    return nil
                }
                return untaken.removeFirst()
            }
            if let call { continuation.resume(returning: call) }
        }

        /// Ends the wait `id` with `error`, if it is still waiting.
        func expire(_ id: UUID, _ error: any Error) {
            let waiter: CheckedContinuation<Call, any Error>? = lock.withLock {
                guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: error)
        }

        func recordClose(_ id: ServerNotificationID) { lock.withLock { closed.append(id) } }

        private var lost: [String] = []
        func recordLost(_ summary: String) { lock.withLock { lost.append(summary) } }
        var lostSummaries: [String] { lock.withLock { lost } }

        var closedIDs: [ServerNotificationID] { lock.withLock { closed } }

        func caller(of id: ServerNotificationID) -> String? { lock.withLock { callers[id] } }
    }
}

import CDBus
import Dispatch

/// The state of one libdbus connection, touched only on `queue`.
///
/// `@unchecked Sendable` is sound because every method runs on the serial `queue`: the actor
/// ``DBusConnection`` uses that queue as its executor, and libdbus's callbacks (watches,
/// timeouts, filters, pending-call completions) are delivered on it by the watch thread and the
/// timers this class sets up.
final class LibdbusConnectionCore: @unchecked Sendable {
    let queue: DispatchQueue
    private(set) var connection: OpaquePointer?
    private(set) var uniqueName = ""
    /// Each enabled watch's registration with ``DescriptorWatchThread``.
    var watchTokens: [OpaquePointer: DescriptorWatchThread.Token] = [:]
    var timeoutTimers: [OpaquePointer: any DispatchSourceTimer] = [:]
    var subscriptions: [Int: Subscription] = [:]
    var objectHandlers: [String: MethodHandler] = [:]
    /// The argument limit of each method, by object path and then member name.
    var argumentLimits: [String: [String: Int]] = [:]
    /// What is told of each call refused for its size, by object path.
    var refusalObservers: [String: @Sendable (DBusRefusedCall) -> Void] = [:]
    var inFlight: [ObjectIdentifier: PendingReply] = [:]
    private var nextSubscriptionID = 0
    private var drainScheduled = false
    private var mainLoopStarted = false

    static let queueKey = DispatchSpecificKey<ObjectIdentifier>()

    /// A signal subscription: its rule and the stream it feeds.
    struct Subscription {
        let rule: MatchRule
        let continuation: AsyncThrowingStream<DBusMessage, any Error>.Continuation
    }

    /// Answers method calls to one object path: returns the reply body or throws.
    typealias MethodHandler = @Sendable (DBusMessage) async throws -> [DBusValue]

    init(queue: DispatchQueue) {
        self.queue = queue
        queue.setSpecific(key: Self.queueKey, value: ObjectIdentifier(self))
    }

    var isOnQueue: Bool { DispatchQueue.getSpecific(key: Self.queueKey) == ObjectIdentifier(self) }
    var isOpen: Bool { connection != nil }

    /// Opens a private connection to `address` and says Hello; runs on `queue`.
    func open(address: String, timeout: Duration) throws {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let opened = address.withCString({ dbus_connection_open_private($0, &error) }) else {
            throw DBusError(.connectionFailed, "cannot connect to D-Bus at \(address): \(Self.text(of: error))")
        }
        dbus_connection_set_exit_on_disconnect(opened, 0)
        do {
            try authenticate(opened, address: address, timeout: timeout)
        } catch {
            dbus_connection_close(opened)
            dbus_connection_unref(opened)
            throw error
        }
        guard dbus_bus_register(opened, &error) != 0 else {
            let reason = Self.text(of: error)
            dbus_connection_close(opened)
            dbus_connection_unref(opened)
            throw DBusError(.connectionFailed, "cannot register with the bus at \(address): \(reason)")
        }
        connection = opened
        uniqueName = dbus_bus_get_unique_name(opened).map { String(cString: $0) } ?? ""
    }

    /// Completes the authentication handshake within `timeout`. libdbus's own blocking calls
    /// wait for it without a deadline (`poll` with no timeout): a bus daemon that is stopped or
    /// wedged accepts the socket and never answers, and `dbus_bus_register` then never returned
    /// (`unotify send` hung for good). Here the handshake is driven in steps of at most 100 ms.
    private func authenticate(_ connection: OpaquePointer, address: String, timeout: Duration) throws {
        let deadline = ContinuousClock.now + timeout
        while dbus_connection_get_is_authenticated(connection) == 0 {
            guard dbus_connection_get_is_connected(connection) != 0 else {
                throw DBusError(.connectionFailed, "the bus at \(address) closed the connection while authenticating")
            }
            guard ContinuousClock.now < deadline else {
                throw DBusError(
                    .connectionFailed,
                    "the bus at \(address) did not answer within \(timeout) (its dbus-daemon is stopped or "
                        + "overloaded); check it, or restart your session")
            }
            _ = dbus_connection_read_write(connection, 100)
        }
    }

    /// Connects libdbus to the queue's main loop (watches, timeouts, filter) the first time
    /// something asynchronous is done: a one-shot `callBlocking` never needs it, and skipping
    /// it keeps a short-lived tool from starting Dispatch's event machinery.
    func startMainLoopIfNeeded() {
        guard !mainLoopStarted, let connection else { return }
        mainLoopStarted = true
        installMainLoopHooks(connection)
    }

    /// Closes the connection: every waiting call fails and every stream ends with `.disconnected`.
    func close() {
        guard let connection else { return }
        self.connection = nil
        failEverything(DBusError(.disconnected, "the D-Bus connection was closed"))
        dbus_connection_close(connection)
        for token in watchTokens.values { DescriptorWatchThread.shared.unwatch(token) }
        for timer in timeoutTimers.values { timer.cancel() }
        watchTokens = [:]
        timeoutTimers = [:]
        dbus_connection_unref(connection)
    }

    func failEverything(_ error: DBusError) {
        for pending in inFlight.values { pending.fail(error) }
        inFlight = [:]
        for subscription in subscriptions.values { subscription.continuation.finish(throwing: error) }
        subscriptions = [:]
    }

    func addSubscription(_ rule: MatchRule, _ continuation: AsyncThrowingStream<DBusMessage, any Error>.Continuation)
        -> Int
    {
        dispatchPrecondition(condition: .onQueue(queue))
        startMainLoopIfNeeded()
        nextSubscriptionID += 1
        subscriptions[nextSubscriptionID] = Subscription(rule: rule, continuation: continuation)
        return nextSubscriptionID
    }

    func removeSubscription(_ id: Int) {
        guard let removed = subscriptions.removeValue(forKey: id) else { return }
        let stillUsed = subscriptions.values.contains { $0.rule == removed.rule }
        // try?: a RemoveMatch that fails leaves only signals that no subscriber reads, dropped on arrival
        if !stillUsed, isOpen { try? sendBusMatchCall("RemoveMatch", removed.rule) }
    }

    /// Sends `AddMatch`/`RemoveMatch` without waiting for the answer.
    func sendBusMatchCall(_ member: MemberName, _ rule: MatchRule) throws {
        var message = DBusMessage.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", member: member, body: [.string(rule.description)])
        message.noReplyExpected = true
        _ = try send(message)
    }

    /// Queues a message for sending and returns its serial.
    func send(_ message: DBusMessage) throws -> UInt32 {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let connection else { throw DBusError(.disconnected, "the D-Bus connection is closed") }
        startMainLoopIfNeeded()
        let libdbusMessage = try message.makeLibdbusMessage()
        defer { dbus_message_unref(libdbusMessage) }
        var serial: UInt32 = 0
        guard dbus_connection_send(connection, libdbusMessage, &serial) != 0 else {
            throw DBusError(.disconnected, "libdbus could not queue the message (out of memory)")
        }
        return serial
    }

    /// Runs `dbus_connection_dispatch` until no data remains, later on the queue.
    func scheduleDrain() {
        guard !drainScheduled else { return }
        drainScheduled = true
        queue.async { [self] in
            drainScheduled = false
            drain()
        }
    }

    func drain() {
        guard let connection else { return }
        while dbus_connection_dispatch(connection) == DBUS_DISPATCH_DATA_REMAINS {
            guard self.connection != nil else { return }
        }
    }

    static func text(of error: CDBus.DBusError) -> String {
        error.message.map { String(cString: $0) } ?? "unknown error"
    }
}

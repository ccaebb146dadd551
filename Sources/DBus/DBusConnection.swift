import CDBus
import Dispatch

/// A private connection to a D-Bus bus, driven by libdbus on one serial queue.
///
/// Many calls can be in flight at once on one connection; no caller thread is blocked (except by
/// ``callBlocking(_:timeout:)``, which exists for short-lived command-line tools). Every call has
/// a deadline. When the connection is closed or lost, waiting calls throw and signal streams end
/// with ``DBusError/Code/disconnected``.
public actor DBusConnection {
    private let core: LibdbusConnectionCore
    private let executor: DispatchQueueExecutor

    /// The unique name the bus gave this connection, e.g. `:1.42`.
    public nonisolated let uniqueName: String

    /// The default deadline of a method call.
    public static let defaultTimeout: Duration = .seconds(25)

    /// The serial queue every libdbus call of this connection runs on: the actor's executor.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Connects to the bus at `address` (e.g. `unix:path=/run/user/1000/bus`) and registers with it.
    ///
    /// Blocks the calling thread until the bus has authenticated the connection, at most
    /// `timeout`, then until it answers `Hello` (libdbus's 25 s).
    ///
    /// - Throws: ``DBusError`` with code `.connectionFailed` naming the address and the reason
    ///   (among them, a bus that does not answer within `timeout`).
    public init(address: String, timeout: Duration = defaultTimeout) throws {
        let queue = DispatchQueue(label: "unotify.dbus.connection")
        let core = LibdbusConnectionCore(queue: queue)
        try queue.sync { try core.open(address: address, timeout: timeout) }
        self.core = core
        executor = DispatchQueueExecutor(queue: queue)
        uniqueName = core.uniqueName
    }

    /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`).
    ///
    /// - Throws: ``DBusError`` with code `.connectionFailed` when there is no session bus.
    public static func sessionBus() throws -> DBusConnection {
        try DBusConnection(address: BusAddress.session())
    }

    deinit {
        let core = self.core
        core.queue.async { core.close() }
    }

    /// Whether the connection is still open.
    public var isConnected: Bool { core.isOpen }

    /// Closes the connection. Waiting calls throw and signal streams end.
    public func close() {
        core.close()
    }

    /// Sends a method call and waits for its reply, at most `timeout`.
    ///
    /// - Returns: The method return. An error reply is thrown as ``DBusError`` with code `.remote`
    ///   and its D-Bus name; no reply in time is `.timedOut`; a lost connection `.disconnected`.
    public func call(_ message: DBusMessage, timeout: Duration = defaultTimeout) async throws -> DBusMessage {
        let milliseconds = Self.milliseconds(timeout)
        let core = self.core
        let holder = PendingReplyHolder()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // libdbus is only ever touched on the connection's queue, whichever executor
                // runs this closure.
                core.queue.async {
                    let pending = PendingReply(continuation: continuation, timeoutDescription: "\(timeout)")
                    holder.reply = pending
                    if holder.cancelled {
                        pending.fail(CancellationError())
                    } else {
                        pending.start(message, timeoutMilliseconds: milliseconds, on: core)
                    }
                }
            }
        } onCancel: {
            core.queue.async {
                holder.cancelled = true
                holder.reply?.cancel(on: core)
            }
        }
    }

    /// Sends a method call and blocks the calling thread until the reply comes, at most `timeout`.
    ///
    /// Meant for short-lived tools that make one call and exit: it avoids a thread hop.
    /// It must not be called from inside an async context running on this connection.
    public nonisolated func callBlocking(_ message: DBusMessage, timeout: Duration = defaultTimeout) throws
        -> DBusMessage
    {
        let core = self.core
        guard !core.isOnQueue else {
            throw DBusError(.invalidArgument, "callBlocking was called on the connection's own queue")
        }
        let libdbusMessage = try message.makeLibdbusMessage()
        defer { dbus_message_unref(libdbusMessage) }
        return try core.queue.sync {
            guard let connection = core.connection else {
                throw DBusError(.disconnected, "the D-Bus connection is closed")
            }
            var error = CDBus.DBusError()
            dbus_error_init(&error)
            defer { dbus_error_free(&error) }
            let reply = dbus_connection_send_with_reply_and_block(
                connection, libdbusMessage, Self.milliseconds(timeout), &error)
            guard let reply else {
                let name = error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed"
                var failure = DBusMessage(kind: .error, body: [.string(LibdbusConnectionCore.text(of: error))])
                // try?: libdbus's names are valid; were one not, the reply is an error without a name, still an error
                failure.errorName = try? ErrorName(validating: name)
                return try PendingReply.result(of: failure, timeout: "\(timeout)")
            }
            defer { dbus_message_unref(reply) }
            return try DBusMessage(libdbusMessage: reply)
        }
    }

    /// Sends a message that expects no reply (a signal, or a call with `noReplyExpected`).
    ///
    /// - Returns: The serial the message was sent with.
    @discardableResult
    public func send(_ message: DBusMessage) throws -> UInt32 {
        try core.send(message)
    }

    /// Sends a message that expects no reply and blocks until it is written to the socket.
    ///
    /// For short-lived tools, like ``callBlocking(_:timeout:)``: it starts no main loop. The bus
    /// routes a message it has read even after the sender has gone.
    public nonisolated func sendBlocking(_ message: DBusMessage) throws {
        let core = self.core
        guard !core.isOnQueue else {
            throw DBusError(.invalidArgument, "sendBlocking was called on the connection's own queue")
        }
        let libdbusMessage = try message.makeLibdbusMessage()
        defer { dbus_message_unref(libdbusMessage) }
        try core.queue.sync {
            guard let connection = core.connection else {
                throw DBusError(.disconnected, "the D-Bus connection is closed")
            }
            guard dbus_connection_send(connection, libdbusMessage, nil) != 0 else {
                throw DBusError(.disconnected, "libdbus could not queue the message (out of memory)")
            }
            dbus_connection_flush(connection)
        }
    }

    /// Writes everything queued for sending to the socket before returning.
    ///
    /// Use it before exiting a process, so a last signal or reply is not lost.
    public func flush() {
        guard let connection = core.connection else { return }
        dbus_connection_flush(connection)
    }

    /// Subscribes to the signals that `rule` matches.
    ///
    /// The subscription is in place, at the bus too, when this returns: a signal emitted after
    /// that is seen. The stream keeps the connection alive while it exists and ends when the
    /// connection closes; ending the iteration removes the match rule.
    public func signals(matching rule: MatchRule) async throws -> AsyncThrowingStream<DBusMessage, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: DBusMessage.self, throwing: (any Error).self)
        let core = self.core
        let id = core.addSubscription(rule, continuation)
        // The stream keeps the connection open while it is iterated; ending it lets go.
        continuation.onTermination = { [self] _ in
            core.queue.async { core.removeSubscription(id) }
            _ = self
        }
        do {
            _ = try await call(
                .methodCall(
                    destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                    interface: "org.freedesktop.DBus", member: "AddMatch", body: [.string(rule.description)]))
        } catch {
            core.removeSubscription(id)
            continuation.finish(throwing: error)
            throw error
        }
        return stream
    }

    /// Answers method calls addressed to `path` with `handler`.
    ///
    /// The handler returns the reply's body, or throws ``DBusError`` with code `.remote` and a
    /// name to send that error (any other error is sent as `org.freedesktop.DBus.Error.Failed`).
    /// Calls it does not answer (other paths) get libdbus's standard errors.
    public func export(path: ObjectPath, handler: @escaping @Sendable (DBusMessage) async throws -> [DBusValue]) {
        core.startMainLoopIfNeeded()
        core.objectHandlers[path.rawValue] = handler
    }

    /// Exports an object at `path` that implements `interfaces`: answers
    /// `org.freedesktop.DBus.Introspectable.Introspect` with their introspection data
    /// (``DBusIntrospection``), refuses a call to another interface (`UnknownInterface`), to a
    /// method they do not have (`UnknownMethod`) or with arguments of another signature than the
    /// method's (`InvalidArgs`), and passes every other call to `handler`. A call without an
    /// interface goes to the first interface that has the method. (`org.freedesktop.DBus.Peer`
    /// is answered by libdbus on every connection.) A call over its method's
    /// ``DBusMethodDescription/maximumArgumentBytes`` is refused with `LimitsExceeded` before
    /// its arguments are read, and `refused` is told of it, on the connection's queue (it must
    /// return quickly; nothing else tells the object of such a call).
    public func export(
        path: ObjectPath, interfaces: [DBusInterfaceDescription],
        refused: (@Sendable (DBusRefusedCall) -> Void)? = nil,
        handler: @escaping @Sendable (DBusMessage) async throws -> [DBusValue]
    ) {
        let router = DBusObjectRouter(path: path, interfaces: interfaces)
        var limits: [String: Int] = [:]
        for method in interfaces.reversed().flatMap(\.methods) {
            limits[method.name.rawValue] = method.maximumArgumentBytes
        }
        core.argumentLimits[path.rawValue] = limits
        core.refusalObservers[path.rawValue] = refused
        export(path: path) { message in
            if let answer = try router.answer(message) { return answer }
            return try await handler(message)
        }
    }

    /// Stops answering method calls addressed to `path`.
    public func unexport(path: ObjectPath) {
        core.objectHandlers[path.rawValue] = nil
        core.argumentLimits[path.rawValue] = nil
        core.refusalObservers[path.rawValue] = nil
    }

    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(total, 1))
    }
}

/// Lets the cancellation handler find the reply that the continuation closure created.
private final class PendingReplyHolder: @unchecked Sendable {
    /// Written and read only on the connection's queue.
    var reply: PendingReply?
    /// Set on the connection's queue when the task was cancelled before the call started.
    var cancelled = false
}

import CDBus
import Dispatch

/// One method call waiting for its reply; touched only on the connection's queue.
///
/// libdbus never calls the notify function of a pending call whose connection was closed, so
/// the connection keeps every `PendingReply` and fails it on close: no continuation leaks.
final class PendingReply: @unchecked Sendable {
    private var continuation: CheckedContinuation<DBusMessage, any Error>?
    private var pendingCall: OpaquePointer?
    private let timeoutDescription: String

    init(continuation: CheckedContinuation<DBusMessage, any Error>, timeoutDescription: String) {
        self.continuation = continuation
        self.timeoutDescription = timeoutDescription
    }

    /// Sends `message` on `core` and arranges for the reply to resume the continuation.
    func start(_ message: DBusMessage, timeoutMilliseconds: Int32, on core: LibdbusConnectionCore) {
        dispatchPrecondition(condition: .onQueue(core.queue))
        guard let connection = core.connection else {
            return fail(DBusError(.disconnected, "the D-Bus connection is closed"))
        }
        core.startMainLoopIfNeeded()
        let libdbusMessage: OpaquePointer
        do {
            libdbusMessage = try message.makeLibdbusMessage()
        } catch {
            return finish(.failure(error))
        }
        defer { dbus_message_unref(libdbusMessage) }
        var pending: OpaquePointer?
        guard dbus_connection_send_with_reply(connection, libdbusMessage, &pending, timeoutMilliseconds) != 0,
            let pending
        else {
            return fail(DBusError(.disconnected, "the D-Bus connection is closed"))
        }
        pendingCall = pending
        core.inFlight[ObjectIdentifier(self)] = self
        let context = PendingContext(reply: self, core: core)
        dbus_pending_call_set_notify(
            pending,
            { pending, data in
                guard let pending, let data else { return }
                let context = Unmanaged<PendingContext>.fromOpaque(data).takeUnretainedValue()
                context.reply.complete(pending, core: context.core)
            },
            Unmanaged.passRetained(context).toOpaque(),
            { data in
                guard let data else { return }
                Unmanaged<PendingContext>.fromOpaque(data).release()
            })
        if dbus_pending_call_get_completed(pending) != 0 { complete(pending, core: core) }
    }

    /// Cancels the call: libdbus forgets it and the caller gets `CancellationError`.
    func cancel(on core: LibdbusConnectionCore) {
        core.inFlight[ObjectIdentifier(self)] = nil
        if let pendingCall { dbus_pending_call_cancel(pendingCall) }
        finish(.failure(CancellationError()))
    }

    func fail(_ error: any Error) {
        if let pendingCall { dbus_pending_call_cancel(pendingCall) }
        finish(.failure(error))
    }

    private func complete(_ pending: OpaquePointer, core: LibdbusConnectionCore) {
        // Once only: libdbus may call the notify function from inside `set_notify` for a call
        // that had already completed, and the check after `set_notify` would complete it again
        // (a second `steal_reply` is an assertion failure in libdbus).
        guard pendingCall == pending, continuation != nil else { return }
        core.inFlight[ObjectIdentifier(self)] = nil
        guard let reply = dbus_pending_call_steal_reply(pending) else {
            return finish(.failure(DBusError(.disconnected, "the call ended without a reply")))
        }
        defer { dbus_message_unref(reply) }
        finish(Result { try Self.result(of: DBusMessage(libdbusMessage: reply), timeout: timeoutDescription) })
    }

    private func finish(_ result: Result<DBusMessage, any Error>) {
        if let pendingCall {
            self.pendingCall = nil
            dbus_pending_call_unref(pendingCall)
        }
        guard let continuation else { return }
        self.continuation = nil
        continuation.resume(with: result)
    }

    /// Turns an error reply into a thrown ``DBusError``, keeping its name.
    static func result(of reply: DBusMessage, timeout: String) throws -> DBusMessage {
        guard reply.kind == .error else { return reply }
        let name = reply.errorName?.rawValue ?? "org.freedesktop.DBus.Error.Failed"
        var text = ""
        if case .string(let first)? = reply.body.first { text = first }
        switch name {
        case "org.freedesktop.DBus.Error.NoReply" where reply.sender == DBusConnection.busDaemon.rawValue:
            // The bus's own NoReply: the destination disconnected with the call unanswered.
            throw DBusError(.peerGone, "the peer left the bus before it replied: \(text)", name: name)
        case "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout":
            throw DBusError(.timedOut, "no reply within \(timeout): \(text)", name: name)
        case "org.freedesktop.DBus.Error.Disconnected":
            throw DBusError(.disconnected, text, name: name)
        default:
            throw DBusError(.remote, text, name: name)
        }
    }
}

/// What the libdbus notify callback needs: the waiting reply and its connection.
private final class PendingContext {
    let reply: PendingReply
    let core: LibdbusConnectionCore
    init(reply: PendingReply, core: LibdbusConnectionCore) {
        self.reply = reply
        self.core = core
    }
}

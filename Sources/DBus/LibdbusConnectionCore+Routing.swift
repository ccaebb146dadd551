import CDBus
import Dispatch

/// Routing of incoming messages: signals to subscriptions, method calls to exported objects.
extension LibdbusConnectionCore {
    func filter(_ libdbusMessage: OpaquePointer) -> DBusHandlerResult {
        let type = dbus_message_get_type(libdbusMessage)
        if type == 4, isLocalDisconnect(libdbusMessage) {
            connectionLost()
            return DBUS_HANDLER_RESULT_HANDLED
        }
        guard type == 4 || type == 1 else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        if type == 1, let refusal = refusalOfOversizedCall(libdbusMessage) {
            // try?: a refusal that cannot be sent leaves the caller to its own timeout, the only way left to tell it
            if dbus_message_get_no_reply(libdbusMessage) == 0 { queue.async { [self] in _ = try? send(refusal) } }
            return DBUS_HANDLER_RESULT_HANDLED
        }
        // try?: a message that cannot be read is left to libdbus, which answers a call UnknownMethod
        guard let message = try? DBusMessage(libdbusMessage: libdbusMessage) else {
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        if message.kind == .signal {
            for subscription in subscriptions.values where subscription.rule.matches(message) {
                subscription.continuation.yield(message)
            }
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        guard let path = message.path else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        guard let handler = objectHandlers[path.rawValue] else {
            // A node on the way to exported objects (`/`, `/org`, …): `Introspect` lists its children.
            guard let xml = DBusObjectTree.introspection(of: message, exported: objectHandlers.keys) else {
                return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
            }
            let reply = message.methodReturn(body: [.string(xml)])
            // try?: a reply that cannot be sent (the connection closed) leaves the caller to its own timeout
            queue.async { [self] in _ = try? send(reply) }
            return DBUS_HANDLER_RESULT_HANDLED
        }
        Task { [self] in
            let reply: DBusMessage
            do {
                reply = message.methodReturn(body: try await handler(message))
            } catch let error as DBusError where error.code == .remote {
                // try?: a remote name that is invalid becomes Error.Failed, with the message kept
                let name = error.name.flatMap { try? ErrorName(validating: $0) } ?? "org.freedesktop.DBus.Error.Failed"
                reply = message.errorReply(name: name, message: error.message)
            } catch {
                reply = message.errorReply(name: "org.freedesktop.DBus.Error.Failed", message: "\(error)")
            }
            guard !message.noReplyExpected else { return }
            // try?: a reply that cannot be sent (the connection closed) leaves the caller to its own timeout
            queue.async { [self] in _ = try? send(reply) }
        }
        return DBUS_HANDLER_RESULT_HANDLED
    }

    private func isLocalDisconnect(_ message: OpaquePointer) -> Bool {
        dbus_message_is_signal(message, "org.freedesktop.DBus.Local", "Disconnected") != 0
    }

    private func connectionLost() {
        failEverything(DBusError(.disconnected, "the connection to the D-Bus daemon was lost"))
        close()
    }
}

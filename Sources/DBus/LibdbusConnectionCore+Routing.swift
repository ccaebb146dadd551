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
            if dbus_message_get_no_reply(libdbusMessage) == 0 { queue.async { [self] in _ = try? send(refusal) } }
            return DBUS_HANDLER_RESULT_HANDLED
        }
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
            queue.async { [self] in _ = try? send(reply) }
            return DBUS_HANDLER_RESULT_HANDLED
        }
        Task { [self] in
            let reply: DBusMessage
            do {
                reply = message.methodReturn(body: try await handler(message))
            } catch let error as DBusError where error.code == .remote {
                let name = error.name.flatMap { try? ErrorName(validating: $0) } ?? "org.freedesktop.DBus.Error.Failed"
                reply = message.errorReply(name: name, message: error.message)
            } catch {
                reply = message.errorReply(name: "org.freedesktop.DBus.Error.Failed", message: "\(error)")
            }
            guard !message.noReplyExpected else { return }
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

import DBus
import FreedesktopNotifications
import NotificationAgentClient

/// The notification server of `unotify capture`: owns `org.freedesktop.Notifications` on the
/// capture's private bus, answers as ``CapturePersona`` says, writes one JSON line for each
/// `Notify`, `CloseNotification` and `GetCapabilities` it receives and for each signal it
/// emits, and answers the notifications the ``CaptureAnswer``s match, as a user would.
package final class CaptureServer: Sendable {
    private let connection: DBusConnection
    private let state: CaptureServerState

    /// Starts serving on the bus at `address`; `write` receives each JSON line, in order.
    package init(
        address: String, persona: CapturePersona, answers: [CaptureAnswer],
        write: @escaping @Sendable (String) -> Void
    ) async throws {
        let connection = try DBusConnection(address: address)
        self.connection = connection
        let state = CaptureServerState(answers: answers, write: write)
        self.state = state
        await state.record(
            CaptureJSON.object([
                ("event", CaptureJSON.string("server")),
                ("profile", CaptureJSON.string(persona.name)),
                ("name", CaptureJSON.string(persona.information.name)),
                ("vendor", CaptureJSON.string(persona.information.vendor)),
                ("version", CaptureJSON.string(persona.information.version)),
                ("specVersion", CaptureJSON.string(persona.information.specVersion)),
                ("capabilities", CaptureJSON.array(persona.capabilities.map(CaptureJSON.string))),
            ]))
        await connection.export(path: NotificationsService.path) { message in
            guard message.interface == nil || message.interface == NotificationsService.interface else {
                throw DBusError(.unknownMethod, "no such interface")
            }
            let sender = message.sender ?? ""
            switch message.member?.rawValue {
            case "Notify":
                let request = try NotifyRequest(arguments: message.body)
                let agent = try await connection.nameOwner(of: AgentInterface.busName)
                let (notification, answer) = await state.notify(
                    request, arguments: message.body, sender: sender, fromAgent: agent != nil && agent == sender)
                if let answer {
                    Task { await Self.answer(notification, with: answer, on: connection, state: state) }
                }
                return [.uint32(notification.id.rawValue)]
            case "CloseNotification":
                let id = ServerNotificationID(rawValue: try UInt32(dbusValue: message.body.first ?? .uint32(0)))
                if let caller = await state.close(id, by: sender) {
                    try await Self.emit(.closed(id, .closedByCall), to: caller, on: connection, state: state)
                }
                return []
            case "GetCapabilities":
                await state.record(
                    CaptureJSON.object([
                        ("event", CaptureJSON.string("get-capabilities")),
                        ("sender", CaptureJSON.string(sender)),
                        ("capabilities", CaptureJSON.array(persona.capabilities.map(CaptureJSON.string))),
                    ]))
                return [persona.capabilities.dbusValue]
            case "GetServerInformation":
                let information = persona.information
                return [information.name, information.vendor, information.version, information.specVersion].map(
                    \.dbusValue)
            default:
                throw DBusError(.unknownMethod, "no such method")
            }
        }
        guard try await connection.requestName(NotificationsService.busName) == .primaryOwner else {
            await connection.close()
            throw CaptureError("\(NotificationsService.busName) is already owned on the capture's bus")
        }
    }

    /// The answers that found no notification, and those that could not be given, each with why.
    package func unansweredAnswers() async -> [String] { await state.unanswered() }

    /// Stops serving: the name is given back and the connection closed.
    package func stop() async {
        // try?: stopping: the bus drops the name with the connection anyway
        try? await connection.releaseName(NotificationsService.busName)
        await connection.close()
    }

    /// Gives `answer` to `notification`, after one round trip to the bus: the reply to its
    /// `Notify` is sent by then. (The agent and `unotify send` take a signal that comes before
    /// the reply too: they subscribe before they call.)
    private static func answer(
        _ notification: CapturedNotification, with answer: CaptureAnswer, on connection: DBusConnection,
        state: CaptureServerState
    ) async {
        do {
            _ = try await connection.nameOwner(of: NotificationsService.busName)
            let event: ServerEvent
            switch answer.response {
            case .action(let key):
                guard notification.request.actions.contains(where: { $0.key == key }) else {
                    let keys = notification.request.actions.map(\.key).joined(separator: ", ")
                    return await state.fail(
                        answer,
                        "notification \(notification.id.rawValue) (\(notification.request.summary)) has no action "
                            + "\(key) (its actions: \(keys.isEmpty ? "none" : keys))")
                }
                event = .actionInvoked(notification.id, actionKey: key)
            case .reply(let text):
                guard notification.request.actions.contains(where: { $0.key == "inline-reply" }) else {
                    return await state.fail(
                        answer,
                        "notification \(notification.id.rawValue) (\(notification.request.summary)) has no "
                            + "inline-reply action: the server needs the inline-reply capability "
                            + "(--server-profile plasma) and the notification a text-input action")
                }
                event = .replied(notification.id, text: text)
            case .close(let reason):
                event = .closed(notification.id, reason)
            }
            guard await state.isOpen(notification.id) else {
                return await state.fail(answer, "notification \(notification.id.rawValue) was closed before its answer")
            }
            if case .closed = event { await state.forget(notification.id) }
            try await emit(event, to: notification.sender, on: connection, state: state)
        } catch {
            await state.fail(answer, "\(error)")
        }
    }

    /// Emits `event` to `caller` (unicast, as dunst and GNOME Shell do) and records it.
    private static func emit(
        _ event: ServerEvent, to caller: String, on connection: DBusConnection, state: CaptureServerState
    ) async throws {
        var signal = event.signal
        // try?: a caller that is no valid bus name gets the signal broadcast, as servers do
        signal.destination = try? BusName(validating: caller)
        try await connection.send(signal)
        let id = String(event.notificationID.rawValue)
        let members: [(String, String)] =
            switch event {
            case .actionInvoked(_, let key):
                [("event", CaptureJSON.string("action-invoked")), ("id", id), ("key", CaptureJSON.string(key))]
            case .replied(_, let text):
                [("event", CaptureJSON.string("replied")), ("id", id), ("text", CaptureJSON.string(text))]
            case .closed(_, let reason):
                [("event", CaptureJSON.string("closed")), ("id", id), ("reason", String(reason.wireValue))]
            case .activationToken(_, let token):
                [("event", CaptureJSON.string("activation-token")), ("id", id), ("token", CaptureJSON.string(token))]
            }
        await state.record(CaptureJSON.object(members))
    }
}

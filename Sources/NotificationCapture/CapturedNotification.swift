import DBus
import FreedesktopNotifications
import NotificationAgentClient

/// One `Notify` call the capture server received.
package struct CapturedNotification: Sendable {
    /// The id the server gave it.
    package let id: ServerNotificationID
    /// The call's arguments, read.
    package let request: NotifyRequest
    /// The eight arguments as received: the hints with their D-Bus types.
    package let arguments: [DBusValue]
    /// The caller's unique name.
    package let sender: String
    /// Whether the agent (the owner of `org.unotify.Agent`) sent it.
    package let fromAgent: Bool

    package init(
        id: ServerNotificationID, request: NotifyRequest, arguments: [DBusValue], sender: String, fromAgent: Bool
    ) {
        self.id = id
        self.request = request
        self.arguments = arguments
        self.sender = sender
        self.fromAgent = fromAgent
    }

    /// What it is, for a notification the agent sent; `nil` for one sent straight to the server.
    package var kind: CapturedKind? { fromAgent ? CapturedKind(actionKeys: request.actions.map(\.key)) : nil }

    /// The app the agent sent it for: its `x-unotify-app-id` hint, else (an older agent) the
    /// `desktop-entry` hint.
    package var appID: String? {
        if case .string(let app)? = request.hints.vendor[DeliveryRequest.appIDHint]?.value { return app }
        return request.hints.desktopEntry
    }

    /// Its JSON line (`docs/CLI.md` describes each member).
    package func jsonLine(answeredBy answer: CaptureAnswer?) -> String {
        let hints: [(String, String)] =
            if arguments.count > 6, case .dictionary(_, _, let entries) = arguments[6] {
                entries.compactMap { entry in
                    guard case .string(let key) = entry.key else { return nil }
                    let value = if case .variant(let inner) = entry.value { inner } else { entry.value }
                    return (key, CaptureJSON.typed(value))
                }.sorted { $0.0 < $1.0 }
            } else { [] }
        let timeout = if arguments.count > 7, case .int32(let value) = arguments[7] { value } else { Int32(-1) }
        var members: [(String, String)] = [
            ("event", CaptureJSON.string("notify")),
            ("id", String(id.rawValue)),
            ("replacesId", String(request.replacesID.rawValue)),
            ("appName", CaptureJSON.string(request.appName)),
            ("appIcon", CaptureJSON.string(request.appIcon)),
            ("summary", CaptureJSON.string(request.summary)),
            ("body", CaptureJSON.string(request.body)),
            (
                "actions",
                CaptureJSON.array(
                    request.actions.map {
                        CaptureJSON.object([
                            ("key", CaptureJSON.string($0.key)), ("label", CaptureJSON.string($0.label)),
                        ])
                    })
            ),
            ("hints", CaptureJSON.object(hints)),
            ("expireTimeout", String(timeout)),
            ("sender", CaptureJSON.string(sender)),
            ("fromAgent", fromAgent ? "true" : "false"),
        ]
        if let kind {
            members.append(("kind", CaptureJSON.string(kind.rawValue)))
            members.append(("appId", appID.map(CaptureJSON.string) ?? "null"))
        }
        members.append(("answer", answer.map { CaptureJSON.string($0.text) } ?? "null"))
        return CaptureJSON.object(members)
    }
}

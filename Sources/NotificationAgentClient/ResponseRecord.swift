import DBus

/// The user's answer to a notification, as the agent routes it to the app (`UNNotificationResponse`).
package struct ResponseRecord: Hashable, Sendable {
    /// `UNNotificationDefaultActionIdentifier`: the notification itself was clicked.
    package static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
    /// `UNNotificationDismissActionIdentifier`: dismissed, for categories with `customDismissAction`.
    package static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

    package var app: String
    /// The request that was delivered.
    package var request: DeliveryRequest
    /// Seconds since 1970 when it was delivered.
    package var deliveredAt: Double
    package var actionIdentifier: String
    /// The typed text, for a text-input action.
    package var userText: String?
    /// The server's activation token (for `foreground` actions), when it sent one.
    package var activationToken: String?

    package init(
        app: String, request: DeliveryRequest, deliveredAt: Double, actionIdentifier: String,
        userText: String? = nil, activationToken: String? = nil
    ) {
        self.app = app
        self.request = request
        self.deliveredAt = deliveredAt
        self.actionIdentifier = actionIdentifier
        self.userText = userText
        self.activationToken = activationToken
    }

    package var wire: [String: DBusVariant] {
        var result: [String: DBusVariant] = [
            "app": DBusVariant(app), "request": DBusVariant(request.wire.dbusValue),
            "delivered-at": DBusVariant(deliveredAt), "action": DBusVariant(actionIdentifier),
        ]
        if let userText { result["text"] = DBusVariant(userText) }
        if let activationToken { result["activation-token"] = DBusVariant(activationToken) }
        return result
    }

    package init(wire: [String: DBusVariant]) throws {
        guard case .string(let app)? = wire["app"]?.value, case .string(let action)? = wire["action"]?.value,
            case .double(let date)? = wire["delivered-at"]?.value, let requestValue = wire["request"]?.value,
            // try?: thrown as a clear DBusError just below
            let requestWire = try? [String: DBusVariant](dbusValue: requestValue)
        else { throw DBusError(.unexpectedType, "a response needs app, action, delivered-at and request") }
        self.init(
            app: app, request: try DeliveryRequest(wire: requestWire), deliveredAt: date, actionIdentifier: action)
        if case .string(let text)? = wire["text"]?.value { userText = text }
        if case .string(let token)? = wire["activation-token"]?.value { activationToken = token }
    }
}

import DBus

/// The arguments of one `Notify` call: `Notify(susssasa{sv}i) → u`.
public struct NotifyRequest: Hashable, Sendable {
    /// The sending program's name, shown by some servers and used by others to group.
    public var appName: String
    /// The notification to replace, or ``ServerNotificationID/unassigned`` for a new one.
    public var replacesID: ServerNotificationID
    /// An icon name or a `file://` URI; empty for none.
    public var appIcon: String
    /// The one-line summary, the popup's title.
    public var summary: String
    /// The body; servers with `body-markup` read a small HTML subset in it.
    public var body: String
    /// The actions, shown as buttons by servers with the `actions` capability.
    public var actions: [NotificationAction]
    /// The hints: urgency, category, images, sounds and the rest.
    public var hints: NotificationHints
    /// How long the notification stays before it expires.
    public var expireTimeout: ExpireTimeout

    /// A `Notify` call for `summary`; every other argument defaults to the specification's "none".
    public init(
        appName: String = "", replacesID: ServerNotificationID = .unassigned, appIcon: String = "",
        summary: String, body: String = "", actions: [NotificationAction] = [],
        hints: NotificationHints = NotificationHints(), expireTimeout: ExpireTimeout = .serverDefault
    ) {
        self.appName = appName
        self.replacesID = replacesID
        self.appIcon = appIcon
        self.summary = summary
        self.body = body
        self.actions = actions
        self.hints = hints
        self.expireTimeout = expireTimeout
    }

    /// The eight arguments on the wire.
    public var arguments: [DBusValue] {
        [
            .string(appName), .uint32(replacesID.rawValue), .string(appIcon), .string(summary), .string(body),
            actions.flatMap { [$0.key, $0.label] }.dbusValue, hints.wire.dbusValue, .int32(expireTimeout.rawValue),
        ]
    }

    /// Reads the arguments of a `Notify` call, as a server (or a fake one) receives them.
    public init(arguments: [DBusValue]) throws {
        guard arguments.count == 8 else {
            throw DBusError(.unexpectedType, "Notify takes 8 arguments (susssasa{sv}i), got \(arguments.count)")
        }
        let actionStrings = try [String](dbusValue: arguments[5])
        guard actionStrings.count % 2 == 0 else {
            throw DBusError(
                .unexpectedType, "Notify's actions must be key/label pairs, got \(actionStrings.count) strings")
        }
        self.init(
            appName: try arguments[0].decode(),
            replacesID: ServerNotificationID(rawValue: try arguments[1].decode()),
            appIcon: try arguments[2].decode(), summary: try arguments[3].decode(), body: try arguments[4].decode(),
            actions: stride(from: 0, to: actionStrings.count, by: 2).map {
                NotificationAction(key: actionStrings[$0], label: actionStrings[$0 + 1])
            },
            hints: NotificationHints(wire: try [String: DBusVariant](dbusValue: arguments[6])),
            expireTimeout: ExpireTimeout(rawValue: try arguments[7].decode()))
    }
}

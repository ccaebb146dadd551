import DBus

/// A signal from the notification server about one of its notifications.
public enum ServerEvent: Hashable, Sendable {
    /// `ActionInvoked(us)`: the user chose an action.
    case actionInvoked(ServerNotificationID, actionKey: String)
    /// `ActivationToken(us)`: a token for raising the app's window, sent just before `ActionInvoked`. Spec 1.2.
    case activationToken(ServerNotificationID, token: String)
    /// `NotificationReplied(us)`: the user typed a reply (KDE's `inline-reply`).
    case replied(ServerNotificationID, text: String)
    /// `NotificationClosed(uu)`.
    case closed(ServerNotificationID, CloseReason)

    /// The notification the event is about.
    public var notificationID: ServerNotificationID {
        switch self {
        case .actionInvoked(let id, _), .activationToken(let id, _), .replied(let id, _), .closed(let id, _): id
        }
    }

    /// Reads a signal of the Notifications interface; `nil` for other members or wrong argument types.
    public init?(signal message: DBusMessage) {
        guard message.kind == .signal, message.interface == NotificationsService.interface,
            let member = message.member?.rawValue, message.body.count == 2,
            case .uint32(let rawID) = message.body[0]
        else { return nil }
        let id = ServerNotificationID(rawValue: rawID)
        switch (member, message.body[1]) {
        case ("ActionInvoked", .string(let key)): self = .actionInvoked(id, actionKey: key)
        case ("ActivationToken", .string(let token)): self = .activationToken(id, token: token)
        case ("NotificationReplied", .string(let text)): self = .replied(id, text: text)
        case ("NotificationClosed", .uint32(let reason)): self = .closed(id, CloseReason(wireValue: reason))
        default: return nil
        }
    }

    /// The signal a server emits for this event (used by fake servers in tests).
    public var signal: DBusMessage {
        let (member, argument): (MemberName, DBusValue) =
            switch self {
            case .actionInvoked(_, let key): ("ActionInvoked", .string(key))
            case .activationToken(_, let token): ("ActivationToken", .string(token))
            case .replied(_, let text): ("NotificationReplied", .string(text))
            case .closed(_, let reason): ("NotificationClosed", .uint32(reason.wireValue))
            }
        return .signal(
            path: NotificationsService.path, interface: NotificationsService.interface, member: member,
            body: [.uint32(notificationID.rawValue), argument])
    }
}

import DBus

/// Every signal of the agent's interface, `org.unotify.Agent1`.
package enum AgentSignal: String, CaseIterable, Sendable {
    case authorizationDecided = "AuthorizationDecided"
    case authorizationFailed = "AuthorizationFailed"
    case response = "Response"

    package var name: MemberName { MemberName(stringLiteral: rawValue) }

    package var description: DBusSignalDescription {
        switch self {
        case .authorizationDecided:
            DBusSignalDescription(
                name, arguments: [.init("app", "s"), .init("granted", "b"), .init("status", "i")],
                documentation: "The user answered the app's permission prompt (or settings answered "
                    + "it): every waiting RequestAuthorization is decided.")
        case .authorizationFailed:
            DBusSignalDescription(
                name, arguments: [.init("app", "s"), .init("reason", "s")],
                documentation: "The prompt the waiting requests depend on could not be shown, or its "
                    + "server went away before the user answered: nothing was decided, and asking "
                    + "again shows a new prompt.")
        case .response:
            DBusSignalDescription(
                name, arguments: [.init("app", "s"), .init("response", "a{sv}")],
                documentation: "The user answered one of the app's notifications (an action, a "
                    + "click, a dismissal or typed text). Sent only to the app's listeners "
                    + "(Listen), never broadcast.")
        }
    }
}

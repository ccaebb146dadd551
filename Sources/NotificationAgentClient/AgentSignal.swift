import DBus

/// Every signal of the agent's interface, `org.unotify.Agent1`, by name. Each one's types,
/// codec and documentation are its ``AgentEvent`` (in `AgentInterface+Signals.swift`).
package enum AgentSignal: String, CaseIterable, Sendable {
    case authorizationDecided = "AuthorizationDecided"
    case authorizationFailed = "AuthorizationFailed"
    case response = "Response"

    package var name: MemberName { MemberName(stringLiteral: rawValue) }

    /// The signal's arguments and documentation, from its ``AgentEvent``.
    package var description: DBusSignalDescription {
        switch self {
        case .authorizationDecided: AgentInterface.authorizationDecided.description
        case .authorizationFailed: AgentInterface.authorizationFailed.description
        case .response: AgentInterface.response.description
        }
    }
}

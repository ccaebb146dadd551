/// The agent's signals, typed: each one's arguments (names and Swift types) and when it is
/// sent. ``AgentSignal`` lists them by name; the agent emits them and ``AgentClient`` reads
/// them through these.
extension AgentInterface {
    package static let authorizationDecided = AgentEvent(
        .authorizationDecided,
        arguments: AgentBody("app", String.self, "granted", Bool.self, "status", AppSettings.Authorization.self),
        documentation: "The user answered the app's permission prompt (or settings answered it): every waiting "
            + "RequestAuthorization is decided.")

    package static let authorizationFailed = AgentEvent(
        .authorizationFailed, arguments: AgentBody("app", String.self, "reason", String.self),
        documentation: "The prompt the waiting requests depend on could not be shown, or its server went away before "
            + "the user answered: nothing was decided, and asking again shows a new prompt.")

    package static let response = AgentEvent(
        .response, arguments: AgentBody("app", String.self, "response", ResponseRecord.self),
        documentation: "The user answered one of the app's notifications (an action, a click, a dismissal or typed "
            + "text). Sent only to the app's listeners (Listen), never broadcast.")
}

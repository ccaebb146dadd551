import ArgumentParser
import DBus
import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

/// `unotify listen --app ID`: the user's responses, one JSON object per line, until interrupted.
struct ListenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Print the user's responses to an app's notifications, one JSON object per line, until interrupted.",
        discussion: """
            Each line: {"app", "identifier", "action", "title", "body", "text"?, "activationToken"?}; \
            "action" is the action's identifier, com.apple.UNNotificationDefaultActionIdentifier for a \
            click on the notification, com.apple.UNNotificationDismissActionIdentifier for a dismissal \
            (categories with customDismissAction). Responses that came while nothing listened (kept across restarts of the agent) are printed first; listening goes on when the agent restarts.
            """)

    @Option(help: "The app's identifier.") var app: String
    @Option(help: "Stop after this many responses.") var count: Int?

    func run() async throws {
        let client = try await AgentClientConnection.open()
        let interrupts = SignalWaiter(signals: [SIGINT])
        defer { interrupts.stop() }
        do {
            let responses = try await client.listen(app: app)
            let limit = count
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    var seen = 0
                    for try await response in responses {
                        StandardOutput.write(Self.json(response))
                        seen += 1
                        if let limit, seen >= limit { return }
                    }
                }
                group.addTask { await interrupts.wait() }
                try await group.next()
                group.cancelAll()
            }
        } catch let error as AgentError {
            throw CommandFailure(error)
        } catch let error as DBusError where error.code == .disconnected {
            throw CommandFailure(
                "unotify: lost the connection to the session bus while listening (the bus daemon stopped)", exitCode: 2)
        }
    }

    static func json(_ response: ResponseRecord) -> String {
        var members: [(String, String)] = [
            ("app", JSONText.string(response.app)), ("identifier", JSONText.string(response.request.identifier)),
            ("action", JSONText.string(response.actionIdentifier)), ("title", JSONText.string(response.request.title)),
            ("body", JSONText.string(response.request.body)),
        ]
        if let text = response.userText { members.append(("text", JSONText.string(text))) }
        if let token = response.activationToken { members.append(("activationToken", JSONText.string(token))) }
        return JSONText.object(members)
    }
}

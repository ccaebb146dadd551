import ArgumentParser
import NotificationAgentClient

/// `unotify badge --app ID N`: the number on the app's icon (`setBadgeCount`).
struct BadgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "badge",
        abstract: "Show a number on the app's icon in docks that follow the Unity launcher API (0 hides it).",
        discussion: "Exit status 1 when the app's badge setting is off (nothing is shown).")

    @Option(help: "The app's identifier.") var app: String
    @Argument(help: "The count; 0 clears the badge.") var count: Int

    func validate() throws {
        guard count >= 0 else { throw ValidationError("a badge count cannot be negative") }
    }

    func run() async throws {
        let client = try await AgentClientConnection.open()
        do {
            guard try await client.setBadge(app: app, count: count) else {
                throw CommandFailure("unotify: badges are off for \(app) (unotify settings \(app) --badge on)")
            }
        } catch let error as AgentError {
            throw CommandFailure(error)
        }
    }
}

import ArgumentParser
import NotificationAgentClient

/// `unotify remove --app ID [IDENTIFIER…]`: closes an app's delivered notifications.
struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Close an app's delivered notifications, by identifier, or all of them with --all.",
        discussion: "Prints how many were closed.")

    @Option(help: "The app's identifier.") var app: String
    @Flag(help: "Remove every delivered notification of the app.") var all = false
    @Argument(help: "Identifiers of the notifications to remove.") var identifiers: [String] = []

    func validate() throws {
        guard all != !identifiers.isEmpty else {
            throw ValidationError("name the identifiers to remove, or pass --all (not both)")
        }
    }

    func run() async throws {
        let client = try await AgentClientConnection.open()
        do {
            StandardOutput.write(String(try await client.removeDelivered(app: app, identifiers: identifiers)))
        } catch let error as AgentError {
            throw CommandFailure(error)
        }
    }
}

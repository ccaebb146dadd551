import ArgumentParser
import NotificationAgentClient

/// `unotify remove --app ID [IDENTIFIER…]`: closes an app's delivered notifications.
struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Cancel an app's scheduled notifications and close its delivered ones, by identifier or --all.",
        discussion: "Without --pending or --delivered, both. Prints how many were removed.")

    @Option(help: "The app's identifier.") var app: String
    @Flag(help: "Remove all of the app's notifications.") var all = false
    @Flag(help: "Only scheduled (pending) notifications.") var pending = false
    @Flag(help: "Only delivered notifications.") var delivered = false
    @Argument(help: "Identifiers of the notifications to remove.") var identifiers: [String] = []

    func validate() throws {
        guard all != !identifiers.isEmpty else {
            throw ValidationError("name the identifiers to remove, or pass --all (not both)")
        }
    }

    func run() async throws {
        let client = try await AgentClientConnection.open()
        do {
            let both = !pending && !delivered
            var removed = 0
            if pending || both { removed += try await client.removePending(app: app, identifiers: identifiers) }
            if delivered || both { removed += try await client.removeDelivered(app: app, identifiers: identifiers) }
            StandardOutput.write(String(removed))
        } catch let error as AgentError {
            throw CommandFailure(error)
        }
    }
}

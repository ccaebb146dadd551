import ArgumentParser
import NotificationAgentClient

/// `unotify reply TOKEN TEXT`: types the reply for a text-input action where the notification
/// server cannot take text (no `inline-reply`): the agent shows the token in a notification.
struct ReplyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reply",
        abstract: "Answer a text-input action on a desktop whose notifications cannot take typed text.")

    @Argument(help: "The number shown in the \"Reply to …\" notification.") var token: String
    @Argument(help: "Your reply.") var text: String

    func run() async throws {
        let client = try await AgentClientConnection.open()
        do {
            try await client.reply(token: token, text: text)
        } catch let error as AgentError {
            throw CommandFailure(error)
        }
    }
}

import ArgumentParser
import NotificationAgentClient

/// `unotify reply NUMBER TEXT`: types the reply for a text-input action where the notification
/// server cannot take text (no `inline-reply`): the agent shows the number in a notification.
struct ReplyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reply",
        abstract: "Answer a text-input action on a desktop whose notifications cannot take typed text.")

    @Argument(
        help: ArgumentHelp(
            "The number shown in the \"Reply to …\" notification, such as 4F7Q-9K2M-XR3T-8W1V "
                + "(any case, dashes optional)."))
    var token: String
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

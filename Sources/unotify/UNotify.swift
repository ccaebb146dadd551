import ArgumentParser
import NotificationAgentClient
/// `unotify`: desktop notifications from scripts, a superset of notify-send.
///
/// The command tree; the process starts in ``UNotifyEntry``.
struct UNotify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unotify",
        abstract: "Send desktop notifications and ask about the notification server.",
        discussion: """
            Exit status: 0 on success; 1 when the notification could not be shown or an argument \
            is wrong (as notify-send); 2 when there is no session bus or no notification server.
            """,
        version: version,
        subcommands: [
            SendCommand.self, ServerCommand.self, RequestCommand.self, SettingsCommand.self, PendingCommand.self,
            DeliveredCommand.self, RemoveCommand.self, CategoriesCommand.self, ListenCommand.self, ReplyCommand.self,
            BadgeCommand.self, PushCommand.self, CaptureCommand.self,
        ],
        helpNames: [.long, .customShort("?")])

    /// The version line of `unotify --version` and `unotify send --version`.
    static let version = "unotify \(UnotifyVersion.number)"
}

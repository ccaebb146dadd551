import ArgumentParser
import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

/// `unotify`: desktop notifications from scripts, a superset of notify-send.
@main
struct UNotify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unotify",
        abstract: "Send desktop notifications and ask about the notification server.",
        discussion: """
            Exit status: 0 on success; 1 when the notification could not be shown or an argument
            is wrong (as notify-send); 2 when there is no session bus or no notification server.
            """,
        version: "unotify 0.1.0",
        subcommands: [
            SendCommand.self, ServerCommand.self, RequestCommand.self, SettingsCommand.self, PendingCommand.self,
            DeliveredCommand.self, RemoveCommand.self, CategoriesCommand.self, ListenCommand.self, ReplyCommand.self,
            BadgeCommand.self, PushCommand.self,
        ],
        helpNames: [.long, .customShort("?")])

    /// Parses and runs, reporting errors as notify-send does: one line on stderr, exit 1.
    static func main() async {
        // Before anything runs on the global executor: `send -w` and `listen` wait without waking.
        IdleQuietGlobalExecutor.install()
        if let problem = CommandLineText.invalidUTF8Argument() {
            StandardError.write("unotify: \(problem)")
            Glibc.exit(1)
        }
        do {
            // `send` is parsed by SendOptions alone: notify-send's rules, and no ArgumentParser start-up.
            let arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "send" {
                try await SendCommand.run(arguments: Array(arguments.dropFirst()))
                return
            }
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            StandardError.write(failure.message)
            Glibc.exit(failure.exitCode)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                self.exit(withError: error)
            }
            StandardError.write(fullMessage(for: error))
            Glibc.exit(code == .validationFailure ? 1 : code.rawValue)
        }
    }
}

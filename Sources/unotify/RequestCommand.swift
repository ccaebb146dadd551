import ArgumentParser
import NotificationAgentClient

/// `unotify request`: asks the user for permission to notify on behalf of an app.
struct RequestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Ask the user to allow notifications for an app, and wait for the answer.",
        discussion: """
            Prints the app's authorization status afterwards (authorized, denied, provisional or \
            notDetermined). Exit status 0 when notifications are allowed (authorized or provisional), \
            1 when not, 2 when the agent or the notification server cannot be reached.

            Without --provisional, an app that was never asked gets a popup with Allow and Don't Allow; \
            an app that was already answered is not asked again.
            """)

    @Option(help: "The app's identifier, e.g. org.example.Mail.")
    var app: String

    @Flag(help: "Ask for provisional authorization: no popup; notifications arrive quietly with Keep and Turn Off.")
    var provisional = false

    @Option(
        help: "What to ask for: a comma-separated list of alert, sound, badge, critical-alert, time-sensitive, …",
        completion: .list(AppOptionParsing.authorizationOptionNames))
    var options: String = "alert,sound,badge"

    @Option(help: "Seconds to wait for the user's answer.")
    var timeout: Int = 600

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
    }

    func run() async throws {
        var bits = try AppOptionParsing.authorizationOptions(options)
        if provisional { bits.insert(.provisional) }
        let client = try await AgentClientConnection.open()
        do {
            let (granted, status) = try await client.requestAuthorization(
                app: app, options: bits, timeout: .seconds(timeout))
            StandardOutput.write(AppOptionParsing.statusName(status))
            if !granted { throw CommandFailure("", exitCode: 1) }
        } catch let error as AgentError {
            throw CommandFailure(error)
        }
    }
}

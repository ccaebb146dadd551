import ArgumentParser
import FreedesktopNotifications
import NotificationAgentClient

/// `unotify push [--app ID] [FILE|-]`: an APNs JSON payload delivered as the app would get it.
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Deliver an APNs JSON payload (as `xcrun simctl push` takes it) through the app's permissions.",
        discussion: """
            FILE (or - / nothing for standard input) holds an APNs payload, at most \(PushCommand.payloadLimit) bytes:
              {"aps": {"alert": {"title": "Hi", "body": "There"}, "sound": "default", "badge": 1}}
            Without --app, the payload must be a simctl .apns file with a top-level
            "Simulator Target Bundle" string naming the app. The app must be allowed to notify.
            With -p, prints the notification's server id.
            """)

    /// APNs' limit on a payload's size, in bytes.
    static let payloadLimit = 4096

    @Option(help: "The app's identifier (default: the payload's \"Simulator Target Bundle\").") var app: String?
    @Flag(name: [.customShort("p"), .customLong("print-id")], help: "Print the notification's server id.")
    var printID = false
    @Argument(help: "The payload file, or - for standard input.", completion: .file(extensions: ["json", "apns"]))
    var file: String = "-"

    func run() async throws {
        let payload = try CategoriesCommand.read(file)
        let size = payload.utf8.count
        guard size <= Self.payloadLimit else {
            throw CommandFailure(
                "unotify: the payload is \(size) bytes; APNs allows at most \(Self.payloadLimit) bytes")
        }
        let client = try await AgentClientConnection.open()
        do {
            let result = try await client.push(app: app, payloadJSON: payload)
            if printID { StandardOutput.write(String(result.id.rawValue)) }
        } catch let error as AgentError {
            throw CommandFailure(error)
        }
    }
}

import ArgumentParser
import FreedesktopNotifications
import NotificationAgentClient

/// `unotify push [--app ID] [FILE|-]`: an APNs JSON payload delivered as the app would get it;
/// `unotify push --register APP` / `--unregister APP`: the app's remote-notification subscription.
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

            --register APP registers the app for remote notifications with the UnifiedPush
            distributor on the session bus (once) and prints its Web Push subscription, as a
            browser's PushSubscription.toJSON() gives it:
              {"endpoint":"...","expirationTime":null,"keys":{"auth":"...","p256dh":"..."}}
            A Web Push library (pywebpush, web-push) sends to it; the agent decrypts each message
            and delivers it as an APNs payload. Exit status 2 when no distributor is on the bus.
            --unregister APP ends the registration and forgets the app's keys.
            """)

    /// APNs' limit on a payload's size, in bytes.
    static let payloadLimit = 4096

    @Option(help: "The app's identifier (default: the payload's \"Simulator Target Bundle\").") var app: String?
    @Flag(name: [.customShort("p"), .customLong("print-id")], help: "Print the notification's server id.")
    var printID = false
    @Option(
        name: .customLong("register"),
        help: ArgumentHelp(
            "Register APP for remote notifications and print its Web Push subscription (JSON).", valueName: "APP"))
    var registerApp: String?
    @Option(
        name: .customLong("unregister"),
        help: ArgumentHelp("Unregister APP from remote notifications.", valueName: "APP"))
    var unregisterApp: String?
    @Argument(help: "The payload file, or - for standard input.", completion: .file(extensions: ["json", "apns"]))
    var file: String = "-"

    func run() async throws {
        if registerApp != nil || unregisterApp != nil {
            return try await subscription()
        }
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

    /// `--register` / `--unregister`.
    private func subscription() async throws {
        guard registerApp == nil || unregisterApp == nil, file == "-", app == nil, !printID else {
            throw ValidationError("--register and --unregister take an app alone")
        }
        let client = try await AgentClientConnection.open()
        do {
            if let registerApp {
                StandardOutput.write(try await client.registerPush(app: registerApp))
            } else if let unregisterApp, !(try await client.unregisterPush(app: unregisterApp)) {
                throw CommandFailure("unotify: \(unregisterApp) is not registered for remote notifications")
            }
        } catch let error as AgentError {
            throw CommandFailure(error)
        }
    }
}

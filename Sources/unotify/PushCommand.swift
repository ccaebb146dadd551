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

            Without --app, the payload must be a simctl .apns file with a top-level \
            "Simulator Target Bundle" string naming the app. The app must be allowed to notify. \
            With -p, prints the notification's server id.

            --register APP registers the app for remote notifications with the UnifiedPush \
            distributor on the session bus (once) and prints its Web Push subscription, as a \
            browser's PushSubscription.toJSON() gives it:
              {"endpoint": "...", "expirationTime": null, "keys": {"auth": "...", "p256dh": "..."}}

            A Web Push library (pywebpush, web-push) sends to it; the agent decrypts each message \
            and delivers it as an APNs payload. Exit status 2 when no distributor is on the bus. \
            With --server-key KEY, the app server's VAPID public key (base64url, 87 characters) \
            goes to the distributor, whose push service then takes only pushes signed with it.

            --unregister APP ends the registration and forgets the app's keys.

            With several distributors on the bus, --distributor NAME chooses one (kept in \
            $XDG_CONFIG_HOME/unotify/push-distributor; auto forgets the choice); an app moves to it \
            at its next --register, with a new subscription.
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
    @Option(
        name: .customLong("distributor"),
        help: ArgumentHelp(
            "Use the UnifiedPush distributor NAME (org.unifiedpush.Distributor.NAME, or in full) when several are "
                + "on the bus; auto goes back to the first. Each app moves at its next --register.",
            valueName: "NAME"))
    var distributor: String?
    @Option(
        name: .customLong("server-key"),
        help: ArgumentHelp(
            "With --register: the app server's VAPID public key (an uncompressed P-256 point in base64url, 87 "
                + "characters); only pushes it signs are taken.",
            valueName: "KEY"))
    var serverKey: String?
    @Argument(help: "The payload file, or - for standard input.", completion: .file(extensions: ["json", "apns"]))
    var file: String = "-"

    func run() async throws {
        if serverKey != nil, registerApp == nil {
            throw ValidationError("--server-key goes with --register APP")
        }
        if let distributor {
            return try choose(distributor)
        }
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

    /// `--distributor NAME`: stores the user's choice (``DistributorPreference``), which the agent
    /// reads whenever it chooses a distributor.
    private func choose(_ name: String) throws {
        guard registerApp == nil, unregisterApp == nil, file == "-", app == nil, !printID else {
            throw ValidationError("--distributor takes a distributor's name alone")
        }
        let full = name == "auto" ? nil : DistributorPreference.fullName(name)
        guard name == "auto" || full != nil else {
            throw ValidationError(
                "'\(name)' is no distributor's name: give the part after org.unifiedpush.Distributor. "
                    + "(unotify server --explain names the one in use), or auto")
        }
        do {
            try DistributorPreference.write(full)
        } catch {
            throw CommandFailure("unotify: \(error.description)")
        }
        StandardOutput.write(
            full.map {
                "push distributor: \($0) when it is on the bus; run unotify push --register APP to move an app "
                    + "(its subscription changes: give the new one to its server)"
            }
                ?? "push distributor: the first on the bus")
    }

    /// `--register` / `--unregister`.
    private func subscription() async throws {
        guard registerApp == nil || unregisterApp == nil, file == "-", app == nil, !printID else {
            throw ValidationError("--register and --unregister take an app alone")
        }
        let client = try await AgentClientConnection.open()
        do {
            if let registerApp {
                let subscription =
                    if let serverKey {
                        try await client.registerPush(app: registerApp, serverKey: serverKey)
                    } else {
                        try await client.registerPush(app: registerApp)
                    }
                StandardOutput.write(subscription)
                // Which distributor and push server the app's messages go through (stderr: the
                // subscription alone is the output a script keeps).
                StandardError.write(await ServerCommand.pushDistributorLine())
                if let line = PushServerLine.line(subscription: subscription) { StandardError.write(line) }
            } else if let unregisterApp, !(try await client.unregisterPush(app: unregisterApp)) {
                throw CommandFailure("unotify: \(unregisterApp) is not registered for remote notifications")
            }
        } catch let error as AgentError {
            throw CommandFailure(error)
        }
    }
}

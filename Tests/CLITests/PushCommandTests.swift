import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// `unotify push` as a process: the payload files under `Tests/CLITests/Payloads` delivered
/// through the agent to a fake server, and the exact `Notify` it received.
@Suite(.timeLimit(.minutes(2))) struct PushCommandTests {
    /// A private bus, a fake server, and state and data folders for the agent.
    struct Rig {
        let base: AgentProcessRig

        init() async throws {
            base = try await AgentProcessRig()
        }

        var bus: PrivateBus { base.bus }
        var fake: FakeNotificationServer { base.server }
        var state: TemporaryDirectory { base.state }
        var data: TemporaryDirectory { base.data }
        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await base.unotify(arguments)
        }

        /// Pushes one payload file for `app` and returns what the server was asked to show.
        func push(_ file: String, app: String? = "org.example.Push") async throws -> NotifyRequest {
            let result = try await unotify(
                ["push"] + (app.map { ["--app", $0] } ?? []) + ["-p", PushCommandTests.payload(file)])
            #expect(result.status == 0, "\(result.stderr)")
            let call = try await fake.nextCall()
            #expect(result.stdout == "\(call.id.rawValue)\n")
            return call.request
        }
    }

    static func payload(_ name: String) -> String {
        PackageRoot.url.appendingPathComponent("Tests/CLITests/Payloads/\(name)").path
    }

    @Test func everyKeyReachesTheServer() async throws {
        let rig = try await Rig()
        #expect(try await rig.unotify(["settings", "org.example.Push", "allow"]).status == 0)
        #expect(try await rig.unotify(["settings", "org.example.Push", "--critical-alert", "on"]).status == 0)
        let folder = rig.data.path + "/unotify/apps/org.example.Push"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(
            """
            "GAME_INVITE_TITLE" = "%@ invites you";
            "GAME_PLAY_REQUEST_FORMAT" = "%1$@ and %2$@ want to play";
            """.utf8
        ).write(to: URL(fileURLWithPath: folder + "/Localizable.strings"))

        let string = try await rig.push("string-alert.json")
        #expect(string.summary == "")
        #expect(string.body == "Your build finished")
        #expect(string.hints.urgency == .normal)
        #expect(string.hints.soundName == nil)

        let dictionary = try await rig.push("dictionary-alert.json")
        #expect(dictionary.summary == "Build")
        #expect(dictionary.body == "main\nAll 120 tests passed")

        let localized = try await rig.push("localized-alert.json")
        #expect(localized.summary == "Jenna invites you")
        #expect(localized.body == "MISSING_KEY\nJenna and Frank want to play")

        let soundDefault = try await rig.push("sound-default.json")
        #expect(soundDefault.body == "Ding")
        #expect(soundDefault.hints.soundName == "message-new-instant")

        let named = try await rig.push("sound-named.json")
        #expect(named.hints.soundName == "bell")

        let critical = try await rig.push("sound-critical.json")
        #expect(critical.summary == "Server down")
        #expect(critical.body == "db-1 is not answering")
        #expect(critical.hints.soundName == "alarm-clock-elapsed")
        #expect(critical.hints.urgency == .critical)

        #expect(try await rig.push("passive.json").hints.urgency == .low)
        #expect(try await rig.push("time-sensitive.json").hints.urgency == .normal)
        #expect(try await rig.push("custom-keys.json").body == "New message")

        let simulator = try await rig.push("simulator-target.apns", app: nil)
        #expect(simulator.summary == "From the simulator file")
        #expect(simulator.body == "Hello")

        let listed = try await rig.unotify(["delivered", "--app", "org.example.Push", "--json"])
        #expect(listed.stdout.contains("From the simulator file"))
        #expect(listed.stdout.contains("\"push-"))
    }

    @Test func standardInputIsTheDefault() async throws {
        let rig = try await Rig()
        #expect(try await rig.unotify(["settings", "org.example.Push", "allow"]).status == 0)
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = rig.bus.address
        environment["XDG_STATE_HOME"] = rig.state.path
        let process = try ChildProcess(
            "/bin/sh",
            [
                "-c", "exec \"$0\" push --app org.example.Push < \"$1\"",
                UNotifyProcess.path, Self.payload("string-alert.json"),
            ],
            environment: environment)
        #expect(try await process.wait(timeout: 20) == 0)
        #expect(try await rig.fake.nextCall().request.body == "Your build finished")
    }

    @Test func notAllowedAppGetsNothingDelivered() async throws {
        let rig = try await Rig()
        let result = try await rig.unotify(["push", "--app", "org.example.Push", Self.payload("string-alert.json")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not allowed"))
        let shown = try await rig.unotify(["delivered", "--app", "org.example.Push"])
        #expect(shown.stdout == "")
    }

    @Test(arguments: [
        ("malformed.json", "not valid JSON"), ("no-aps.json", "no \"aps\""), ("wrong-type.json", "aps.alert.title"),
        ("too-large.json", "at most 4096 bytes"), ("no-app.json", "Simulator Target Bundle"),
    ])
    func errorsAreOneLine(file: String, message: String) async throws {
        let rig = try await Rig()
        #expect(try await rig.unotify(["settings", "org.example.Push", "allow"]).status == 0)
        let result = try await rig.unotify(
            ["push", Self.payload(file)] + (file == "no-app.json" ? [] : ["--app", "org.example.Push"]))
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout == "")
    }
}

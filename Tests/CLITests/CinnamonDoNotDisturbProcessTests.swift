import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// Cinnamon's do-not-disturb (`org.cinnamon.desktop.notifications display-notifications` false),
/// read by the agent through GSettings from Cinnamon's real installed schema, with the keyfile
/// backend in a private `XDG_CONFIG_HOME` switched by the real `gsettings` tool, against a fake
/// server that calls itself `cinnamon` as Cinnamon 5.6 does.
@Suite(.serialized, .timeLimit(.minutes(2))) struct CinnamonDoNotDisturbProcessTests {
    static let app = "org.example.Tea"

    struct Session {
        let bus: PrivateBus
        let fake: FakeNotificationServer
        let state: TemporaryDirectory
        let config: TemporaryDirectory
        var environment: [String: String]

        init(extraEnvironment: [String: String] = [:]) async throws {
            bus = try PrivateBus()
            fake = try await FakeNotificationServer(
                address: bus.address,
                capabilities: [
                    "actions", "action-icons", "body", "body-markup", "icon-static", "persistence", "sound",
                ],
                information: ServerInformation(name: "cinnamon", vendor: "GNOME", version: "5.6.8", specVersion: "1.2"))
            state = try TemporaryDirectory("unotify-state")
            config = try TemporaryDirectory("unotify-gsettings")
            environment = [
                "GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path, "XDG_STATE_HOME": state.path,
                "UNOTIFY_DESKTOP_SETTINGS": "none",
            ].merging(extraEnvironment) { $1 }
        }

        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await UNotifyProcess.run(arguments, busAddress: bus.address, extraEnvironment: environment)
        }

        /// Cinnamon's notifications applet's switch, set with the real `gsettings`.
        func displayNotifications(_ on: Bool) async throws {
            let tool = try ChildProcess(
                "/usr/bin/gsettings",
                ["set", "org.cinnamon.desktop.notifications", "display-notifications", on ? "true" : "false"],
                environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
            let status = try await tool.wait(timeout: 10)
            guard status == 0 else { throw TestSupportError("gsettings exited \(status): \(tool.standardError)") }
        }

        func doNotDisturbLine() async throws -> String {
            let explain = try await unotify(["server", "--explain"])
            guard explain.status == 0 else { throw TestSupportError("--explain exited \(explain.status)") }
            return explain.stdout.split(separator: "\n").last { $0.hasPrefix("do not disturb:") }.map(String.init) ?? ""
        }
    }

    /// `--explain` asks the agent, which reads GSettings: off, then on once switched in Cinnamon.
    @Test func explainSaysWhatCinnamonsSwitchSays() async throws {
        let session = try await Session()
        #expect(try await session.doNotDisturbLine() == "do not disturb: off (Cinnamon: display-notifications)")
        // Cinnamon has no per-app settings: they live in unotify's own store.
        let settings = try await session.unotify(["settings", Self.app])
        #expect(settings.stdout.hasSuffix("settings live in: unotify settings \(Self.app)\n"), "\(settings.stdout)")
        try await session.displayNotifications(false)
        let changed = ContinuousClock.now
        try await Eventually.wait(timeout: .seconds(10), "the agent sees display-notifications=false") {
            try await session.doNotDisturbLine() == "do not disturb: on (Cinnamon: display-notifications)"
        }
        print(
            "CinnamonDoNotDisturbProcessTests: display-notifications=false seen after \(ContinuousClock.now - changed)")
    }

    /// Followed as Focus: an `.active` notification goes without its sound while it is on.
    @Test func cinnamonsDoNotDisturbKeepsAnActiveNotificationQuiet() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", Self.app, "allow"]).status == 0)
        let loud = try await session.unotify(["send", "--app", Self.app, "--sound", "message-new-instant", "Tea"])
        #expect(loud.status == 0, "\(loud.stderr)")
        #expect(try await session.fake.nextCall().request.hints.soundName == "message-new-instant")
        try await session.displayNotifications(false)
        let quiet = try await session.unotify(["send", "--app", Self.app, "--sound", "message-new-instant", "Tea"])
        #expect(quiet.status == 0, "\(quiet.stderr)")
        let during = try await session.fake.nextCall()
        #expect(during.request.hints.soundName == nil, "a sound under Cinnamon's do-not-disturb")
        #expect(during.request.hints.suppressSound == true)
    }

    /// Cinnamon's schema not installed: "cannot be read", said by `--explain`; the agent runs on
    /// (GSettings would abort on the unknown schema: it is looked up first) and delivers.
    @Test func aMissingSchemaIsUnavailableNeverACrash() async throws {
        let empty = try TemporaryDirectory("unotify-no-schemas")
        let session = try await Session(extraEnvironment: [
            "XDG_DATA_DIRS": empty.path, "GSETTINGS_SCHEMA_DIR": empty.path,
        ])
        let line = try await session.doNotDisturbLine()
        #expect(
            line.hasPrefix("do not disturb: unavailable (Cinnamon: display-notifications could not be read"), "\(line)")
        #expect(line.contains("org.cinnamon.desktop.notifications is not installed"), "\(line)")
        #expect(try await session.unotify(["settings", Self.app, "allow"]).status == 0)
        let sent = try await session.unotify(["send", "--app", Self.app, "--sound", "message-new-instant", "Tea"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try await session.fake.nextCall().request.hints.soundName == "message-new-instant")
    }
}

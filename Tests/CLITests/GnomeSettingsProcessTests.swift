import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// GNOME's per-app notification settings as the agent's second store, with GSettings' keyfile
/// backend in a private `XDG_CONFIG_HOME`, changed with the real `gsettings` tool as GNOME
/// Settings changes them, and the agent and `unotify` as a user runs them.
@Suite(.serialized, .timeLimit(.minutes(2))) struct GnomeSettingsProcessTests {
    static let app = "org.example.Tea"
    static let path =
        "org.gnome.desktop.notifications.application:/org/gnome/desktop/notifications/application/org-example-tea/"

    struct Session {
        let bus: PrivateBus
        let fake: FakeNotificationServer
        let state: TemporaryDirectory
        let config: TemporaryDirectory

        init(serverName: String = "fake") async throws {
            bus = try PrivateBus()
            fake = try await FakeNotificationServer(
                address: bus.address,
                information: ServerInformation(name: serverName, vendor: "GNOME", version: "43", specVersion: "1.2"))
            state = try TemporaryDirectory("unotify-state")
            config = try TemporaryDirectory("unotify-gsettings")
        }

        /// GSettings' keyfile backend in the private configuration directory.
        var gsettingsEnvironment: [String: String] {
            ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path]
        }

        var environment: [String: String] {
            gsettingsEnvironment.merging(["XDG_STATE_HOME": state.path, "UNOTIFY_DESKTOP_SETTINGS": "gnome"]) { $1 }
        }

        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await UNotifyProcess.run(arguments, busAddress: bus.address, extraEnvironment: environment)
        }

        /// Runs the real `gsettings` tool on the same store; returns its output, trimmed.
        @discardableResult
        func gsettings(_ arguments: [String]) async throws -> String {
            try await Self.gsettings(arguments, environment: gsettingsEnvironment)
        }

        /// Runs the real `gsettings` tool with `environment` over the test's own; its output, trimmed.
        static func gsettings(_ arguments: [String], environment: [String: String]) async throws -> String {
            let tool = try ChildProcess(
                "/usr/bin/gsettings", arguments,
                environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
            let status = try await tool.wait(timeout: 10)
            guard status == 0 else {
                throw TestSupportError(
                    "gsettings \(arguments.joined(separator: " ")) exited \(status): \(tool.standardError)")
            }
            return tool.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func settings(_ app: String = GnomeSettingsProcessTests.app) async throws -> String {
            try await unotify(["settings", app]).stdout
        }
    }

    @Test func theAgentWritesWhatTheUserChoosesIntoGnomesStore() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", Self.app, "allow"]).status == 0)
        #expect(try await session.gsettings(["get", Self.path, "enable"]) == "true")
        #expect(try await session.gsettings(["get", Self.path, "application-id"]) == "'org.example.Tea.desktop'")
        #expect(
            try await session.gsettings(["get", "org.gnome.desktop.notifications", "application-children"])
                == "['org-example-tea']")
        #expect(try await session.unotify(["settings", Self.app, "--sound", "off"]).status == 0)
        #expect(try await session.gsettings(["get", Self.path, "enable-sound-alerts"]) == "false")
        #expect(try await session.gsettings(["get", Self.path, "show-banners"]) == "true")
        // Details on the lock screen stay as GNOME keeps them (off by default): GNOME's alone.
        #expect(try await session.gsettings(["get", Self.path, "details-in-lock-screen"]) == "false")
        let gdbus = try ChildProcess(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "org.unotify.Agent", "--object-path", "/org/unotify/Agent",
                "--method", "org.unotify.Agent1.GetSettings", Self.app,
            ], environment: session.bus.environment)
        #expect(try await gdbus.wait(timeout: 10) == 0)
        // UNShowPreviewsSetting.whenAuthenticated (1): as GNOME shows it.
        #expect(gdbus.standardOutput.contains("'show-previews': <1>"), "\(gdbus.standardOutput)")
        #expect(try await session.unotify(["settings", Self.app, "deny"]).status == 0)
        #expect(try await session.gsettings(["get", Self.path, "enable"]) == "false")
        // Reset: GNOME's defaults again, and an app not determined is not authorized by them.
        #expect(try await session.unotify(["settings", Self.app, "reset"]).status == 0)
        let keyfile = try String(
            contentsOfFile: session.config.path + "/glib-2.0/settings/keyfile", encoding: .utf8)
        #expect(!keyfile.contains("enable="), "\(keyfile)")
        #expect(try await session.settings().contains("status: notDetermined"))
        // Listed once, as GNOME Shell lists it.
        #expect(try await session.unotify(["settings", Self.app, "allow"]).status == 0)
        #expect(
            try await session.gsettings(["get", "org.gnome.desktop.notifications", "application-children"])
                == "['org-example-tea']")
    }

    /// Switched off in GNOME Settings: denied at once, and a send fails with a reason that says
    /// where to switch it on; switched on again: authorized, with what GNOME holds.
    @Test func aChangeInGnomeReachesTheAgentLive() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", Self.app, "allow"]).status == 0)
        #expect(try await session.settings().contains("status: authorized"))
        try await session.gsettings(["set", Self.path, "enable", "false"])
        let changed = ContinuousClock.now
        try await Eventually.wait(timeout: .seconds(10), "the agent sees enable=false") {
            try await session.settings().contains("status: denied")
        }
        print("GnomeSettingsProcessTests: enable=false seen by the agent after \(ContinuousClock.now - changed)")
        let refused = try await session.unotify(["send", "--app", Self.app, "Tea", "is ready"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("not allowed"), "\(refused.stderr)")
        #expect(refused.stderr.contains("GNOME Settings › Notifications"), "\(refused.stderr)")
        let listed = try await session.unotify(["settings"])
        #expect(listed.stdout.contains("\(Self.app)\tdenied"), "\(listed.stdout)")

        try await session.gsettings(["set", Self.path, "enable-sound-alerts", "false"])
        try await session.gsettings(["set", Self.path, "enable", "true"])
        try await Eventually.wait(timeout: .seconds(10), "the agent sees enable=true") {
            try await session.settings().contains("status: authorized")
        }
        #expect(try await session.settings().contains("sound: off"))
        let sent = try await session.unotify(["send", "--app", Self.app, "Tea", "is ready"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try await session.fake.nextCall().request.summary == "Tea")
    }

    /// Denied with `unotify settings APP deny`, then switched on in GNOME Settings: authorized,
    /// with what GNOME had kept for its banners.
    @Test func switchingOnInGnomeAuthorizesAnAppDeniedHere() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", Self.app, "allow"]).status == 0)
        try await session.gsettings(["set", Self.path, "show-banners", "false"])
        #expect(try await session.unotify(["settings", Self.app, "deny"]).status == 0)
        #expect(try await session.gsettings(["get", Self.path, "show-banners"]) == "false")
        try await session.gsettings(["set", Self.path, "enable", "true"])
        try await Eventually.wait(timeout: .seconds(10), "the agent sees enable=true") {
            try await session.settings().contains("status: authorized")
        }
        let shown = try await session.settings()
        #expect(shown.contains("alert: off") && shown.contains("sound: on") && shown.contains("badge: on"), "\(shown)")
    }

    /// The permission prompt's answer is saved in GNOME's store too.
    @Test func thePromptsAnswerShowsInGnome() async throws {
        let session = try await Session()
        let request = try UNotifyProcess.start(
            ["request", "--app", Self.app], busAddress: session.bus.address, extraEnvironment: session.environment)
        defer { request.stop() }
        let prompt = try await session.fake.nextCall()
        #expect(prompt.request.actions.map(\.key) == ["allow", "deny"])
        #expect(
            prompt.request.body.hasSuffix("These can be configured in Settings › Notifications."),
            "\(prompt.request.body)")
        try await session.fake.emit(.actionInvoked(prompt.id, actionKey: "deny"))
        #expect(try await request.wait(timeout: 10) == 1, "\(request.standardError)")
        #expect(try await session.gsettings(["get", Self.path, "enable"]) == "false")
        #expect(
            try await session.gsettings(["get", "org.gnome.desktop.notifications", "application-children"])
                == "['org-example-tea']")
    }

    /// GNOME's default `enable=true` (an app GNOME never saw) authorizes nothing.
    @Test func gnomesDefaultAuthorizesNothing() async throws {
        let session = try await Session()
        #expect(try await session.settings("org.example.New").contains("status: notDetermined"))
        let refused = try await session.unotify(["send", "--app", "org.example.New", "Hi"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("not allowed"), "\(refused.stderr)")
    }

    /// An app GNOME has no name for keeps to the agent's own store, and the agent says so once,
    /// not with every read.
    @Test func anAppGnomeCannotNameKeepsToTheAgentsStore() async throws {
        let session = try await Session()
        let watcher = try DBusConnection(address: session.bus.address)
        let agent = try await UNotifyDaemonProcess.startOwningName(
            on: session.bus, stateDirectory: session.state.path, watcher: watcher,
            extraEnvironment: session.environment)
        defer { agent.stop() }
        let allowed = try await session.unotify(["settings", ".desktop", "allow"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.contains("status: authorized"))
        #expect(try await session.unotify(["send", "--app", ".desktop", "Hi"]).status == 0)
        #expect(try await session.settings(".desktop").contains("status: authorized"))
        let said = agent.standardError.components(separatedBy: "GNOME has no name for '.desktop'").count - 1
        #expect(said == 1, "\(agent.standardError)")
    }

    /// No schema, or a keyfile that cannot be read: one clear line, and the agent's own store.
    @Test(arguments: ["no schema", "unreadable keyfile", "memory backend", "fifo keyfile"])
    func aStoreThatCannotBeUsedIsSaidAndLeftAside(fault: String) async throws {
        let session = try await Session()
        var environment = session.environment
        let empty = try TemporaryDirectory("unotify-no-schemas")
        if fault == "no schema" {
            environment["XDG_DATA_DIRS"] = empty.path
            environment["GSETTINGS_SCHEMA_DIR"] = empty.path
        } else if fault == "memory backend" {
            environment["GSETTINGS_BACKEND"] = "memory"
        } else if fault == "fifo keyfile" {
            // GLib's keyfile backend would block for good reading it, and the agent with it.
            try FileManager.default.createDirectory(
                atPath: session.config.path + "/glib-2.0/settings", withIntermediateDirectories: true)
            #expect(mkfifo(session.config.path + "/glib-2.0/settings/keyfile", 0o600) == 0)
        } else {
            try FileManager.default.createDirectory(
                atPath: session.config.path + "/glib-2.0/settings/keyfile", withIntermediateDirectories: true)
        }
        let watcher = try DBusConnection(address: session.bus.address)
        let agent = try await UNotifyDaemonProcess.startOwningName(
            on: session.bus, stateDirectory: session.state.path, watcher: watcher, extraEnvironment: environment)
        defer { agent.stop() }
        // Said before the agent takes its name.
        try await Eventually.wait(timeout: .seconds(5), "the agent says why GNOME's store is left aside") {
            agent.standardError.contains("GNOME's notification settings cannot be used")
        }
        let said = agent.standardError
        let reason = [
            "no schema": "is not installed", "unreadable keyfile": "cannot be read", "memory backend": "keeps nothing",
            "fifo keyfile": "not a regular file",
        ]
        #expect(said.contains(reason[fault] ?? "?"), "\(said)")
        #expect(try await session.unotify(["settings", Self.app, "allow"]).status == 0)
        #expect(try await session.settings().contains("status: authorized"))
    }

    /// GNOME's do-not-disturb (Settings › Notifications › Do Not Disturb: the global
    /// `show-banners` false) is followed on a server that keeps no switch of its own: an
    /// active notification goes quietly, its sound left out.
    @Test func gnomesDoNotDisturbKeepsAnActiveNotificationQuiet() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", Self.app, "allow"]).status == 0)
        let loud = try await session.unotify(["send", "--app", Self.app, "--sound", "message-new-instant", "Tea"])
        #expect(loud.status == 0, "\(loud.stderr)")
        let before = try await session.fake.nextCall()
        #expect(before.request.hints.soundName == "message-new-instant", "no sound with do-not-disturb off")
        try await session.gsettings(["set", "org.gnome.desktop.notifications", "show-banners", "false"])
        let quiet = try await session.unotify(["send", "--app", Self.app, "--sound", "message-new-instant", "Tea"])
        #expect(quiet.status == 0, "\(quiet.stderr)")
        let during = try await session.fake.nextCall()
        #expect(during.request.hints.soundName == nil, "a sound under GNOME's do-not-disturb")
        #expect(during.request.hints.suppressSound == true)
    }

    /// `unotify server --explain` on GNOME Shell says whether GNOME's do-not-disturb is on: the CLI,
    /// which links no GIO, asks the agent (`GetDesktop`), which reads `show-banners`.
    @Test func explainSaysWhetherGnomesDoNotDisturbIsOn() async throws {
        let session = try await Session(serverName: "gnome-shell")
        @Sendable func line() async throws -> String {
            let explain = try await session.unotify(["server", "--explain"])
            return explain.stdout.split(separator: "\n").last { $0.hasPrefix("do not disturb:") }.map(String.init) ?? ""
        }
        #expect(try await line() == "do not disturb: off (GNOME: show-banners)")
        // And where the app's settings live, as the agent knows it.
        #expect(try await session.settings().hasSuffix("settings live in: GNOME Settings › Notifications\n"))
        try await session.gsettings(["set", "org.gnome.desktop.notifications", "show-banners", "false"])
        try await Eventually.wait(timeout: .seconds(10), "the agent sees show-banners=false") {
            try await line() == "do not disturb: on (GNOME: show-banners)"
        }
    }
}

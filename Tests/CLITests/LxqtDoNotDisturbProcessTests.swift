import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// LXQt's do-not-disturb (`doNotDisturb` in `lxqt/notifications.conf`), read from the file by
/// `unotify server --explain` itself and by the agent before each delivery, in a private
/// `XDG_CONFIG_HOME` (and `XDG_CONFIG_DIRS`), against a fake server that calls itself
/// `lxqt-notificationd` as 1.2 does. The real servers: `LxqtDoNotDisturbEndToEndTests`.
@Suite(.serialized, .timeLimit(.minutes(2))) struct LxqtDoNotDisturbProcessTests {
    static let app = "org.example.Tea"
    static let origin = "LXQt: doNotDisturb in lxqt/notifications.conf"

    struct Session {
        let bus: PrivateBus
        let fake: FakeNotificationServer
        let state: TemporaryDirectory
        let config: TemporaryDirectory
        let system: TemporaryDirectory

        init() async throws {
            bus = try PrivateBus()
            fake = try await FakeNotificationServer(
                address: bus.address,
                capabilities: ["actions", "body", "body-hyperlinks", "body-images", "body-markup", "persistence"],
                information: ServerInformation(
                    name: "lxqt-notificationd", vendor: "lxqt.org", version: "1.2.0", specVersion: "1.2"))
            state = try TemporaryDirectory("unotify-state")
            config = try TemporaryDirectory("unotify-lxqt-config")
            system = try TemporaryDirectory("unotify-lxqt-xdg")
        }

        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await UNotifyProcess.run(
                arguments, busAddress: bus.address,
                extraEnvironment: [
                    "XDG_CONFIG_HOME": config.path, "XDG_CONFIG_DIRS": system.path, "XDG_STATE_HOME": state.path,
                    "UNOTIFY_DESKTOP_SETTINGS": "none",
                ])
        }

        /// The user's `lxqt/notifications.conf`, as lxqt-notificationd makes it, with `value`
        /// for `doNotDisturb` (none: no key).
        func write(doNotDisturb value: String?) throws {
            let directory = config.url.appendingPathComponent("lxqt")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let text = "[General]\n__userfile__=true\n" + (value.map { "doNotDisturb=\($0)\n" } ?? "")
            try Data(text.utf8).write(to: directory.appendingPathComponent("notifications.conf"))
        }

        func doNotDisturbLine() async throws -> String {
            let explain = try await unotify(["server", "--explain"])
            guard explain.status == 0 else { throw TestSupportError("--explain exited \(explain.status)") }
            return explain.stdout.split(separator: "\n").last { $0.hasPrefix("do not disturb:") }.map(String.init) ?? ""
        }

        func send(_ extra: [String] = []) async throws -> NotifyRequest {
            let sent = try await unotify(
                ["send", "--app", LxqtDoNotDisturbProcessTests.app, "--sound", "bell"] + extra + ["Tea"])
            guard sent.status == 0 else { throw TestSupportError("send exited \(sent.status): \(sent.stderr)") }
            return try await fake.nextCall().request
        }
    }

    /// `--explain` reads the file each time: off without it, on once the key is set, a value it
    /// cannot tell true or false is `unavailable` with the file named, and off again.
    @Test func explainReadsTheFileEachTime() async throws {
        let session = try await Session()
        #expect(try await session.doNotDisturbLine() == "do not disturb: off (\(Self.origin))")
        try session.write(doNotDisturb: nil)
        #expect(try await session.doNotDisturbLine() == "do not disturb: off (\(Self.origin))")
        try session.write(doNotDisturb: "true")
        #expect(try await session.doNotDisturbLine() == "do not disturb: on (\(Self.origin))")
        try session.write(doNotDisturb: "@Variant(\\0\\0\\0\\x1\\x1)")
        let unreadable = try await session.doNotDisturbLine()
        #expect(unreadable.hasPrefix("do not disturb: unavailable (\(Self.origin) could not be read"), "\(unreadable)")
        #expect(unreadable.contains(session.config.path + "/lxqt/notifications.conf"), "\(unreadable)")
        try session.write(doNotDisturb: "false")
        #expect(try await session.doNotDisturbLine() == "do not disturb: off (\(Self.origin))")
    }

    /// The agent follows the file from the next delivery on, while it runs: an `.active`
    /// notification goes without its sound while it is on, a `.critical` one is sent critical
    /// with it, and once it is off again the sound is back, with no restart.
    @Test func theAgentFollowsTheFileWhileItRuns() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", Self.app, "allow"]).status == 0)
        try session.write(doNotDisturb: nil)
        #expect(try await session.send().hints.soundName == "bell")
        try session.write(doNotDisturb: "true")
        let quiet = try await session.send()
        #expect(quiet.hints.soundName == nil && quiet.hints.suppressSound == true, "a sound under LXQt's switch")
        let critical = try await session.send(["-u", "critical"])
        #expect(critical.hints.urgency == .critical && critical.hints.soundName == "bell")
        try session.write(doNotDisturb: "false")
        #expect(try await session.send().hints.soundName == "bell")
    }

    /// An administrator's default in `$XDG_CONFIG_DIRS/lxqt/notifications.conf` holds where the
    /// user's file has no key, as it does for lxqt-notificationd (measured on 1.2.0 and 2.4.0).
    @Test func theAdministratorsDefaultIsFollowed() async throws {
        let session = try await Session()
        try session.write(doNotDisturb: nil)
        let directory = session.system.url.appendingPathComponent("lxqt")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("[General]\ndoNotDisturb=true\n".utf8).write(
            to: directory.appendingPathComponent("notifications.conf"))
        #expect(try await session.doNotDisturbLine() == "do not disturb: on (\(Self.origin))")
        try session.write(doNotDisturb: "false")
        #expect(try await session.doNotDisturbLine() == "do not disturb: off (\(Self.origin))")
    }
}

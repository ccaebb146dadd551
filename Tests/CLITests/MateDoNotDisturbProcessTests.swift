import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// MATE's do-not-disturb (`org.mate.NotificationDaemon do-not-disturb`), read by the agent
/// through GSettings from mate-notification-daemon's real installed schema, switched by the real
/// `gsettings` in a private keyfile, against a fake server that names itself as
/// mate-notification-daemon 1.26 does. The real server: `DoNotDisturbEndToEndTests`.
@Suite(.serialized, .timeLimit(.minutes(2))) struct MateDoNotDisturbProcessTests {
    static let app = "org.example.Tea"
    static let schema = "org.mate.NotificationDaemon"

    /// A session whose fake server answers `GetServerInformation` and `GetCapabilities` as
    /// mate-notification-daemon 1.26.0 did (measured).
    static func session(extraEnvironment: [String: String] = [:]) async throws -> GSettingsDoNotDisturbSession {
        try await GSettingsDoNotDisturbSession(
            capabilities: [
                "actions", "action-icons", "body", "body-hyperlinks", "body-markup", "icon-static", "sound",
            ],
            information: ServerInformation(
                name: "Notification Daemon", vendor: "MATE", version: "1.26.0", specVersion: "1.1"),
            extraEnvironment: extraEnvironment)
    }

    /// `--explain` asks the agent, which reads GSettings: off, on once switched, off again; and
    /// it says the switch degrades (mate draws no critical one under it).
    @Test func explainSaysWhatMatesSwitchSays() async throws {
        let session = try await Self.session()
        #expect(try await session.doNotDisturbLine() == "do not disturb: off (MATE: do-not-disturb)")
        let explain = try await session.unotify(["server", "--explain"])
        #expect(explain.stdout.contains("degrades do not disturb: while MATE's"), "\(explain.stdout)")
        for on in [true, false] {
            try await session.set(Self.schema, "do-not-disturb", on)
            try await Eventually.wait(timeout: .seconds(10), "the agent sees do-not-disturb=\(on)") {
                try await session.doNotDisturbLine() == "do not disturb: \(on ? "on" : "off") (MATE: do-not-disturb)"
            }
        }
    }

    /// mate plays the `sound-file` it is sent, except under its switch: there an `.active`
    /// notification goes without a sound, and a critical one's sound is left to unotifyd (no
    /// sound hint, `suppress-sound`), as mate would drop it.
    @Test func underMatesSwitchNoSoundIsLeftToTheServer() async throws {
        let session = try await Self.session()
        #expect(try await session.unotify(["settings", Self.app, "allow"]).status == 0)
        let loud = try await session.unotify(["send", "--app", Self.app, "--sound", "default", "Tea"])
        #expect(loud.status == 0, "\(loud.stderr)")
        let before = try await session.fake.nextCall().request.hints
        #expect(before.soundFile != nil && before.suppressSound != true, "mate plays it: \(before)")
        try await session.set(Self.schema, "do-not-disturb", true)
        try await Eventually.wait(timeout: .seconds(10), "the agent sees do-not-disturb=true") {
            try await session.doNotDisturbLine() == "do not disturb: on (MATE: do-not-disturb)"
        }
        for urgency in ["normal", "critical"] {
            let sent = try await session.unotify([
                "send", "--app", Self.app, "-u", urgency, "--sound", "default", "Tea",
            ])
            #expect(sent.status == 0, "\(sent.stderr)")
            let hints = try await session.fake.nextCall().request.hints
            #expect(hints.soundFile == nil && hints.soundName == nil && hints.suppressSound == true, "\(urgency)")
        }
    }

    /// mate's schema not installed: "cannot be read", said by `--explain`; the agent runs on and
    /// delivers with the sound the server plays.
    @Test func aMissingSchemaIsUnavailableNeverACrash() async throws {
        let empty = try TemporaryDirectory("unotify-no-schemas")
        let session = try await Self.session(extraEnvironment: [
            "XDG_DATA_DIRS": empty.path, "GSETTINGS_SCHEMA_DIR": empty.path,
        ])
        let line = try await session.doNotDisturbLine()
        #expect(line.hasPrefix("do not disturb: unavailable (MATE: do-not-disturb could not be read"), "\(line)")
        #expect(line.contains("org.mate.NotificationDaemon is not installed"), "\(line)")
        #expect(line.contains("mate-notification-daemon-common"), "\(line)")
        #expect(try await session.unotify(["settings", Self.app, "allow"]).status == 0)
        let sent = try await session.unotify(["send", "--app", Self.app, "--sound", "default", "Tea"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try await session.fake.nextCall().request.hints.soundFile != nil)
    }
}

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

    /// A session whose fake server calls itself `cinnamon` 5.6.8.
    static func session(extraEnvironment: [String: String] = [:]) async throws -> GSettingsDoNotDisturbSession {
        try await GSettingsDoNotDisturbSession(
            capabilities: ["actions", "action-icons", "body", "body-markup", "icon-static", "persistence", "sound"],
            information: ServerInformation(name: "cinnamon", vendor: "GNOME", version: "5.6.8", specVersion: "1.2"),
            extraEnvironment: extraEnvironment)
    }

    /// `--explain` asks the agent, which reads GSettings: off, then on once switched in Cinnamon.
    @Test func explainSaysWhatCinnamonsSwitchSays() async throws {
        let session = try await Self.session()
        #expect(try await session.doNotDisturbLine() == "do not disturb: off (Cinnamon: display-notifications)")
        // Cinnamon has no per-app settings: they live in unotify's own store.
        let settings = try await session.unotify(["settings", Self.app])
        #expect(settings.stdout.hasSuffix("settings live in: unotify settings \(Self.app)\n"), "\(settings.stdout)")
        try await session.set("org.cinnamon.desktop.notifications", "display-notifications", false)
        let changed = ContinuousClock.now
        try await Eventually.wait(timeout: .seconds(10), "the agent sees display-notifications=false") {
            try await session.doNotDisturbLine() == "do not disturb: on (Cinnamon: display-notifications)"
        }
        print(
            "CinnamonDoNotDisturbProcessTests: display-notifications=false seen after \(ContinuousClock.now - changed)")
    }

    /// Followed as Focus: an `.active` notification goes without its sound while it is on.
    @Test func cinnamonsDoNotDisturbKeepsAnActiveNotificationQuiet() async throws {
        let session = try await Self.session()
        #expect(try await session.unotify(["settings", Self.app, "allow"]).status == 0)
        let loud = try await session.unotify(["send", "--app", Self.app, "--sound", "message-new-instant", "Tea"])
        #expect(loud.status == 0, "\(loud.stderr)")
        #expect(try await session.fake.nextCall().request.hints.soundName == "message-new-instant")
        try await session.set("org.cinnamon.desktop.notifications", "display-notifications", false)
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
        let session = try await Self.session(extraEnvironment: [
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

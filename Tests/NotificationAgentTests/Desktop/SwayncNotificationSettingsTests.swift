import Foundation
import NotificationAgentClient
import Testing
import TestSupport

@testable import NotificationAgent

/// SwayNotificationCenter's `notification-visibility` rules in a `config.json` under a temporary
/// `XDG_CONFIG_HOME`, read as swaync reads them (the first matching rule, `app-name` a regex).
@Suite struct SwayncNotificationSettingsTests {
    static let allowed = AppSettings.authorized(requesting: [.alert, .sound, .badge])

    /// A store over `rules` (the `notification-visibility` object's text) and its directory (kept
    /// while the directory lives: it is removed when let go).
    static func store(_ rules: String) throws -> (SwayncNotificationSettings, TemporaryDirectory) {
        let config = try TemporaryDirectory("unotify-swaync")
        try write(rules, in: config)
        let store = SwayncNotificationSettings(
            environment: ["XDG_CONFIG_HOME": config.path, "XDG_CONFIG_DIRS": config.path + "/none"], appName: { $0 })
        return (store, config)
    }

    static func write(_ rules: String, in config: TemporaryDirectory) throws {
        let directory = config.url.appendingPathComponent("swaync")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(#"{"timeout": 10, "notification-visibility": {\#(rules)}}"#.utf8)
            .write(to: directory.appendingPathComponent("config.json"))
    }

    @Test func mutedIsAlertOffIgnoredIsDeniedTransientIsNoList() throws {
        let (store, config) = try Self.store(
            #""a": {"state": "muted", "app-name": "^Tea$"}, "b": {"state": "ignored", "app-name": "Spam"}, "#
                + #""c": {"state": "transient", "app-name": "Clock"}"#)
        defer { withExtendedLifetime(config) {} }
        let tea = try store.applying(to: Self.allowed, app: "Tea")
        #expect(tea.authorization == .authorized && tea.alert == .disabled && tea.notificationCenter == .enabled)
        let spam = try store.applying(to: Self.allowed, app: "More Spam")
        #expect(spam.authorization == .denied && spam.alert == .disabled)
        let clock = try store.applying(to: Self.allowed, app: "Clock")
        #expect(clock.alert == .enabled && clock.notificationCenter == .disabled)
        #expect(try store.applying(to: Self.allowed, app: "Teapot") == Self.allowed)
        // An app not asked yet stays so: a rule is no permission.
        #expect(try store.applying(to: AppSettings(), app: "Tea") == AppSettings())
    }

    /// The first rule in the file's order counts, as in swaync; a rule that also matches the
    /// summary decides per notification and is not read.
    @Test func theFirstPerAppRuleInTheFilesOrderCounts() throws {
        let (first, firstConfig) = try Self.store(
            #""z": {"state": "muted", "app-name": "Tea"}, "a": {"state": "ignored", "app-name": "Tea"}"#)
        defer { withExtendedLifetime(firstConfig) {} }
        #expect(try first.applying(to: Self.allowed, app: "Tea").authorization == .authorized)
        let (second, secondConfig) = try Self.store(
            #""z": {"state": "ignored", "app-name": "Tea", "summary": "x"}, "a": {"state": "muted", "app-name": "Tea"}"#
        )
        defer { withExtendedLifetime(secondConfig) {} }
        let read = try second.applying(to: Self.allowed, app: "Tea")
        #expect(read.authorization == .authorized && read.alert == .disabled)
    }

    /// A change to the file counts for the next read.
    @Test func anEditIsSeenByTheNextRead() throws {
        let (store, config) = try Self.store(#""a": {"state": "muted", "app-name": "Tea"}"#)
        defer { withExtendedLifetime(config) {} }
        #expect(try store.applying(to: Self.allowed, app: "Tea").alert == .disabled)
        try Self.write(
            #""a": {"state": "enabled", "app-name": "Tea"}, "b": {"state": "muted", "app-name": "x"}"#, in: config)
        #expect(try store.applying(to: Self.allowed, app: "Tea").alert == .enabled)
    }

    @Test(arguments: [#""a": {"state": "loud", "app-name": "Tea"}"#, #""a": {"state": "muted", "app-name": "("}"#, "{"])
    func aFileThatCannotBeReadIsAnErrorNeverAPermission(rules: String) throws {
        let (store, config) = try Self.store(rules)
        defer { withExtendedLifetime(config) {} }
        #expect(throws: SwayncSettingsError.self) { try store.applying(to: Self.allowed, app: "Tea") }
    }

    /// The configuration swaync installs (`/etc/xdg/swaync/config.json`) reads: its example rule
    /// also matches the urgency, so it decides nothing per app.
    @Test func theInstalledConfigurationReads() throws {
        let store = SwayncNotificationSettings(
            environment: ["XDG_CONFIG_HOME": "/nonexistent", "XDG_CONFIG_DIRS": "/etc/xdg"], appName: { $0 })
        #expect(FileManager.default.fileExists(atPath: "/etc/xdg/swaync/config.json"))
        #expect(try store.applying(to: Self.allowed, app: "Spotify") == Self.allowed)
    }
}

import DBus
import Foundation
import NotificationAgentClient
import Testing
import TestSupport

@testable import NotificationAgent

/// An administrator's `plasmanotifyrc` in the KConfig cascade (`$XDG_CONFIG_DIRS`, `/etc/xdg`
/// on a system) under the user's own: a default that contradicts the user's choice is
/// overridden by the user's explicit value (never by removing the user's key, which would let
/// the default show through), and a `[$i]` lock wins, refusing the change with an error that
/// names it. Read back with the real `kreadconfig5`, as Plasma reads it.
@Suite(.timeLimit(.minutes(1))) struct AgentPlasmaAdministratorTests {
    static let app = "org.example.Mail"

    /// `key` of the app's group as KDE Frameworks' own `kreadconfig5` reads it over the cascade.
    static func kreadconfig(_ rig: AgentPlasmaSettingsTests.Rig, _ key: String) async throws -> String {
        let tool = try ChildProcess(
            "/usr/bin/kreadconfig5",
            ["--file", "plasmanotifyrc", "--group", "Applications", "--group", app, "--key", key],
            environment: [
                "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": rig.config.url.path, "XDG_CONFIG_DIRS": rig.system.url.path,
            ])
        let status = try await tool.wait(timeout: 10)
        guard status == 0 else { throw TestSupportError("kreadconfig5 exited \(status): \(tool.standardError)") }
        return tool.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theUsersAllowSticksOverTheAdministratorsDefaults() async throws {
        let rig = try await AgentPlasmaSettingsTests.Rig()
        try Data("[Applications][org.example.Mail]\nShowPopups=false\nShowInHistory=false\nShowBadges=false\n".utf8)
            .write(to: rig.system.url.appendingPathComponent("plasmanotifyrc"))
        let allowed = try await rig.client.setSettings(
            app: Self.app, changes: AppSettings.authorized(requesting: [.alert, .badge]).wire)
        #expect(allowed.alert == .enabled && allowed.notificationCenter == .enabled && allowed.badge == .enabled)
        for key in ["ShowPopups", "ShowInHistory", "ShowBadges"] {
            #expect(try await Self.kreadconfig(rig, key) == "true", "\(key)")
        }
        // A reset gives the administrator's defaults back: the user's keys are removed.
        try await rig.client.resetSettings(app: Self.app)
        #expect(try await Self.kreadconfig(rig, "ShowPopups") == "false")
    }

    @Test func aLockedSwitchRefusesTheChangeNamingTheLock() async throws {
        let rig = try await AgentPlasmaSettingsTests.Rig()
        let system = rig.system.url.appendingPathComponent("plasmanotifyrc")
        try Data("[Applications][org.example.Mail]\nShowPopups[$i]=false\n".utf8).write(to: system)
        try rig.write("# the user's\n")
        do {
            _ = try await rig.client.setSettings(
                app: Self.app, changes: AppSettings.authorized(requesting: [.alert]).wire)
            Issue.record("an allow over a locked ShowPopups=false succeeded")
        } catch {
            let text = "\(error)"
            #expect(
                text.contains("ShowPopups of [Applications][org.example.Mail] is locked by the administrator"),
                "\(text)")
            #expect(text.contains(system.path) && text.contains("[$i]"), "\(text)")
            #expect(text.contains("ask the administrator"), "\(text)")
        }
        #expect(try rig.contents() == "# the user's\n", "the user's file was changed")
        #expect(try await rig.client.settings(app: Self.app).authorization == .notDetermined)
        #expect(try await Self.kreadconfig(rig, "ShowPopups") == "false")
        // What the lock does not forbid goes through: the alert off, as locked.
        var quiet = AppSettings.authorized(requesting: [.alert])
        quiet.alert = .disabled
        let saved = try await rig.client.setSettings(app: Self.app, changes: quiet.wire)
        #expect(saved.authorization == .authorized && saved.alert == .disabled)
        // A denial is no switch of Plasma's: the lock does not stand in its way.
        let denied = try await rig.client.setSettings(
            app: Self.app, changes: AppSettings.denied(requesting: [.alert]).wire)
        #expect(denied.authorization == .denied)
    }
}

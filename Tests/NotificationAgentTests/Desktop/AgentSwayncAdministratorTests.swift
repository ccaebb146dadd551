import Foundation
import NotificationAgentClient
import Testing
import TestSupport

@testable import NotificationAgent

/// SwayNotificationCenter's system `config.json` (`$XDG_CONFIG_DIRS/swaync/config.json`,
/// `/etc/xdg` on a system), which swaync reads when the user has none of their own: a rule that
/// has swaync drop an app (`ignored`) cannot be overridden from unotify (the agent never writes
/// swaync's file), so an allow is refused, naming the file and its rule, instead of exiting 0
/// while the app stays denied; nothing is saved.
@Suite(.timeLimit(.minutes(1))) struct AgentSwayncAdministratorTests {
    static let app = "org.example.Mail"

    @Test func anAllowTheAdministratorsFileIgnoresIsRefusedNamingTheFile() async throws {
        let user = try TemporaryDirectory("unotify-swaync-user")
        let system = try TemporaryDirectory("unotify-swaync-system")
        try SwayncNotificationSettingsTests.write(
            #""quiet-mail": {"state": "ignored", "app-name": "Mail"}"#, in: system)
        let rig = try await AgentTests.Rig(
            desktopSettings: SwayncNotificationSettings(
                environment: ["XDG_CONFIG_HOME": user.path, "XDG_CONFIG_DIRS": system.path], appName: { $0 }))
        do {
            _ = try await rig.client.setSettings(
                app: Self.app, changes: AppSettings.authorized(requesting: [.alert]).wire)
            Issue.record("an allow that swaync drops succeeded")
        } catch {
            let text = "\(error)"
            #expect(text.contains(system.path + "/swaync/config.json"), "\(text)")
            #expect(text.contains("quiet-mail") && text.contains("ignored"), "\(text)")
            #expect(text.contains("ask the administrator"), "\(text)")
        }
        #expect(try await rig.client.settings(app: Self.app).authorization == .notDetermined)
        #expect(try await !rig.client.listApps().keys.contains(Self.app), "the refused allow was saved")
        // A denial agrees with the file: saved.
        let denied = try await rig.client.setSettings(
            app: Self.app, changes: AppSettings.denied(requesting: [.alert]).wire)
        #expect(denied.authorization == .denied)
        // The user's own file, once there, is the one swaync reads: its rules count.
        try SwayncNotificationSettingsTests.write(#""mail": {"state": "enabled", "app-name": "Mail"}"#, in: user)
        let allowed = try await rig.client.setSettings(
            app: Self.app, changes: AppSettings.authorized(requesting: [.alert]).wire)
        #expect(allowed.authorization == .authorized && allowed.alert == .enabled)
    }
}

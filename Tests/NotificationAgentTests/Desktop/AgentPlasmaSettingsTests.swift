import DBus
import Foundation
import NotificationAgentClient
import Testing
import TestSupport

@testable import NotificationAgent

/// The agent with KDE Plasma's `plasmanotifyrc` as the desktop's settings store: what the file
/// says is what `GetSettings` says, and what `SetSettings` changes is written to it.
@Suite(.timeLimit(.minutes(1))) struct AgentPlasmaSettingsTests {
    /// The agent's test rig with `plasmanotifyrc` in a temporary `XDG_CONFIG_HOME`, the system's
    /// defaults in a temporary `XDG_CONFIG_DIRS`.
    struct Rig {
        let agent: AgentTests.Rig
        let config: TemporaryDirectory
        let system: TemporaryDirectory

        init() async throws {
            config = try TemporaryDirectory("unotify-xdg-config")
            system = try TemporaryDirectory("unotify-xdg-dirs")
            agent = try await AgentTests.Rig(
                desktopSettings: PlasmaNotificationSettings(
                    environment: ["XDG_CONFIG_HOME": config.url.path, "XDG_CONFIG_DIRS": system.url.path],
                    desktopEntry: { $0 }))
        }

        var client: AgentClient { agent.client }
        var file: URL { config.url.appendingPathComponent("plasmanotifyrc") }

        func write(_ text: String) throws { try Data(text.utf8).write(to: file) }
        func contents() throws -> String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }
    }

    static let app = "org.example.Mail"
    static let alertOn = ["alert": DBusVariant(Int32(AppSettings.Switch.enabled.rawValue))]

    @Test func showPopupsFalseInPlasmaIsAlertOffAndAlertOnWritesItBack() async throws {
        let rig = try await Rig()
        _ = try await rig.client.setSettings(
            app: Self.app, changes: AppSettings.authorized(requesting: [.alert, .sound, .badge]).wire)
        #expect(try await rig.client.settings(app: Self.app).alert == .enabled)

        try rig.write("# the user's\n[Applications][org.example.Mail]\nShowPopups=false\n")
        let read = try await rig.client.settings(app: Self.app)
        #expect(read.alert == .disabled, "GetSettings did not read plasmanotifyrc")
        #expect(read.authorization == .authorized)

        let set = try await rig.client.setSettings(app: Self.app, changes: Self.alertOn)
        #expect(set.alert == .enabled)
        #expect(try rig.contents() == "# the user's\n[Applications][org.example.Mail]\n", "ShowPopups=false was kept")
        #expect(try await rig.client.settings(app: Self.app).alert == .enabled)
    }

    /// `GetDesktop` names Plasma's settings page, where `unotify settings APP` says the app's
    /// settings live.
    @Test func getDesktopNamesPlasmasSettingsPage() async throws {
        let rig = try await Rig()
        #expect(try await rig.client.desktop().settingsPlace == "KDE System Settings › Notifications › Applications")
    }

    @Test func aSystemDefaultOffIsOverriddenWithAnExplicitTrue() async throws {
        let rig = try await Rig()
        _ = try await rig.client.setSettings(
            app: Self.app, changes: AppSettings.authorized(requesting: [.alert]).wire)
        try Data("[Applications][org.example.Mail]\nShowPopups=false\n".utf8)
            .write(to: rig.system.url.appendingPathComponent("plasmanotifyrc"))
        #expect(try await rig.client.settings(app: Self.app).alert == .disabled, "the system's default did not count")
        _ = try await rig.client.setSettings(app: Self.app, changes: Self.alertOn)
        #expect(try rig.contents().contains("ShowPopups=true\n"))
        #expect(try await rig.client.settings(app: Self.app).alert == .enabled)
    }

    /// A file that truly cannot be read (a group header without its `]`, a NUL byte) may hold
    /// the user's `ShowPopups=false`: the agent's own settings count, the quieter way (no popup),
    /// and nothing is allowed.
    @Test func aCorruptFileLeavesTheAgentsOwnSettingsQuieterAndAllowsNothing() async throws {
        let rig = try await Rig()
        _ = try await rig.client.setSettings(
            app: "org.example.Denied", changes: AppSettings.denied(requesting: [.alert]).wire)
        _ = try await rig.client.setSettings(
            app: Self.app, changes: AppSettings.authorized(requesting: [.alert]).wire)
        try rig.write("[Applications][org.example.Mail\nShowPopups=false\n\u{0}")
        let quieter = try await rig.client.settings(app: Self.app)
        #expect(quieter.alert == .disabled && quieter.authorization == .authorized, "\(quieter)")
        #expect(try await rig.client.settings(app: "org.example.Denied").authorization == .denied)

        try rig.write("[Applications][org.example.Denied]\nShowPopups=true\nShowInHistory=true\n")
        let denied = try await rig.client.settings(app: "org.example.Denied")
        #expect(denied.authorization == .denied && denied.alert == .disabled && denied.notificationCenter == .disabled)
    }

    /// A decision that cannot be saved in Plasma's file is saved nowhere: the agent's own store
    /// is taken back, and the caller told.
    @Test func anAllowThatPlasmasFileCannotTakeDecidesNothing() async throws {
        let rig = try await Rig()
        try rig.write("[Applications][org.example.Mail\nShowPopups=false\n")
        await #expect(throws: (any Error).self) {
            _ = try await rig.client.setSettings(
                app: Self.app, changes: AppSettings.authorized(requesting: [.alert]).wire)
        }
        #expect(try await rig.client.settings(app: Self.app).authorization == .notDetermined)
        #expect(try await !rig.client.listApps().keys.contains(Self.app), "the failed allow left the app listed")
    }
}

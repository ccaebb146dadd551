import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport

@testable import NotificationAgent

/// The agent with Xfce's muted applications as the desktop's settings store, against the real
/// xfconfd on a private bus (its channels in a temporary `XDG_CONFIG_HOME`), changed with the
/// real `xfconf-query` as Xfce's settings dialog changes them.
@Suite(.serialized, .timeLimit(.minutes(1))) struct AgentXfceSettingsTests {
    static let app = "org.example.Mail"
    static let xfconfd = "/usr/lib/x86_64-linux-gnu/xfce4/xfconf/xfconfd"

    /// xfconfd on a bus of its own; the agent's rig on another.
    struct Rig {
        let xfceBus: PrivateBus
        let config: TemporaryDirectory
        let xfconfd: ChildProcess
        let agent: AgentTests.Rig

        init() async throws {
            xfceBus = try PrivateBus()
            config = try TemporaryDirectory("unotify-xfconf")
            var environment = xfceBus.environment
            environment["XDG_CONFIG_HOME"] = config.path
            xfconfd = try ChildProcess(AgentXfceSettingsTests.xfconfd, [], environment: environment)
            let watcher = try DBusConnection(address: xfceBus.address)
            try await Eventually.wait(timeout: .seconds(10), "xfconfd owns org.xfce.Xfconf") {
                try await watcher.nameOwner(of: "org.xfce.Xfconf") != nil
            }
            let store = try await XfceNotificationSettings(
                connection: try DBusConnection(address: xfceBus.address), appName: { $0 })
            agent = try await AgentTests.Rig(desktopSettings: store)
        }

        var client: AgentClient { agent.client }

        /// The real `xfconf-query` on xfconfd's bus; returns its output, trimmed.
        @discardableResult
        func xfconfQuery(_ arguments: [String]) async throws -> String {
            let tool = try ChildProcess(
                "/usr/bin/xfconf-query", ["-c", "xfce4-notifyd", "-p", "/applications/muted_applications"] + arguments,
                environment: xfceBus.environment)
            let status = try await tool.wait(timeout: 10)
            guard status == 0 else { throw TestSupportError("xfconf-query exited \(status): \(tool.standardError)") }
            return tool.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func allow() async throws {
            _ = try await client.setSettings(
                app: AgentXfceSettingsTests.app, changes: AppSettings.authorized(requesting: [.alert, .sound]).wire)
        }
    }

    /// Muted in Xfce (as its dialog or `xfconf-query` does): alert off as soon as the agent hears
    /// xfconfd's `PropertyChanged` (no polling; the delay is printed, not judged); unmuted: on again.
    @Test func mutingInXfceIsAlertOffLive() async throws {
        let rig = try await Rig()
        defer { rig.xfconfd.stop() }
        try await rig.allow()
        #expect(try await rig.client.settings(app: Self.app).alert == .enabled)
        try await rig.xfconfQuery(["-n", "-a", "-t", "string", "-s", "Firefox", "-t", "string", "-s", Self.app])
        let changed = ContinuousClock.now
        try await Eventually.wait(timeout: .seconds(10), "the agent sees the app muted") {
            try await rig.client.settings(app: Self.app).alert == .disabled
        }
        print("AgentXfceSettingsTests: the mute seen after \(ContinuousClock.now - changed)")
        let muted = try await rig.client.settings(app: Self.app)
        #expect(muted.authorization == .authorized && muted.notificationCenter == .enabled)
        try await rig.xfconfQuery(["-r"])
        try await Eventually.wait(timeout: .seconds(10), "the agent sees the list removed") {
            try await rig.client.settings(app: Self.app).alert == .enabled
        }
    }

    /// `--alert off` adds the app's name to the list and `--alert on` takes it out; every other
    /// name stays.
    @Test func alertOffWritesTheAppIntoTheList() async throws {
        let rig = try await Rig()
        defer { rig.xfconfd.stop() }
        try await rig.xfconfQuery(["-n", "-a", "-t", "string", "-s", "Firefox"])
        try await rig.allow()
        let off = ["alert": DBusVariant(Int32(AppSettings.Switch.disabled.rawValue))]
        #expect(try await rig.client.setSettings(app: Self.app, changes: off).alert == .disabled)
        #expect(try await rig.xfconfQuery([]).contains("Firefox\n\(Self.app)"))
        let on = ["alert": DBusVariant(Int32(AppSettings.Switch.enabled.rawValue))]
        #expect(try await rig.client.setSettings(app: Self.app, changes: on).alert == .enabled)
        let after = try await rig.xfconfQuery([])
        #expect(after.contains("Firefox") && !after.contains(Self.app), "\(after)")
        #expect(try await rig.client.desktop().settingsPlace == "Xfce Settings › Notifications › Applications")
    }

    /// The permission prompt names Xfce's dialog.
    @Test func thePromptNamesXfcesSettings() async throws {
        let rig = try await Rig()
        defer { rig.xfconfd.stop() }
        let (prompt, waiting) = try await rig.agent.request("org.example.Tea")
        waiting.cancel()
        #expect(prompt.request.body.hasSuffix("These can be configured in Settings › Notifications › Applications."))
    }

    /// xfconfd not running: the store cannot start (the agent then says so and keeps its own).
    @Test func noXfconfdIsAnError() async throws {
        let bus = try PrivateBus()
        await #expect(throws: (any Error).self) {
            _ = try await XfceNotificationSettings(connection: try DBusConnection(address: bus.address))
        }
    }
}

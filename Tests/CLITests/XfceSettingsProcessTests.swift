import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// Xfce's muted applications as the agent's second store, as a user runs them: `unotifyd` chosen
/// with `UNOTIFY_DESKTOP_SETTINGS=xfce`, the real xfconfd on the same private session bus, the list
/// changed with the real `xfconf-query`.
@Suite(.serialized, .timeLimit(.minutes(2))) struct XfceSettingsProcessTests {
    static let app = "org.example.Tea"

    @Test func mutedInXfceIsAlertOffAndAlertOnTakesItOut() async throws {
        let bus = try PrivateBus()
        _ = try await FakeNotificationServer(
            address: bus.address, capabilities: ["actions", "body", "body-markup", "persistence"],
            information: ServerInformation(
                name: "Xfce Notify Daemon", vendor: "Xfce", version: "0.8.2", specVersion: "1.2"))
        let config = try TemporaryDirectory("unotify-xfconf")
        let state = try TemporaryDirectory("unotify-state")
        let xfceEnvironment = bus.environment.merging(["XDG_CONFIG_HOME": config.path]) { $1 }
        let xfconfd = try ChildProcess(
            "/usr/lib/x86_64-linux-gnu/xfce4/xfconf/xfconfd", [], environment: xfceEnvironment)
        defer { xfconfd.stop() }
        let watcher = try DBusConnection(address: bus.address)
        try await Eventually.wait(timeout: .seconds(10), "xfconfd owns org.xfce.Xfconf") {
            try await watcher.nameOwner(of: "org.xfce.Xfconf") != nil
        }
        let environment = ["XDG_STATE_HOME": state.path, "UNOTIFY_DESKTOP_SETTINGS": "xfce"]
        @Sendable func unotify(_ arguments: [String]) async throws -> String {
            let run = try await UNotifyProcess.run(arguments, busAddress: bus.address, extraEnvironment: environment)
            guard run.status == 0 else {
                throw TestSupportError("unotify \(arguments) exited \(run.status): \(run.stderr)")
            }
            return run.stdout
        }
        @Sendable func mutedList(_ arguments: [String] = []) async throws -> String {
            let tool = try ChildProcess(
                "/usr/bin/xfconf-query", ["-c", "xfce4-notifyd", "-p", "/applications/muted_applications"] + arguments,
                environment: xfceEnvironment)
            _ = try await tool.wait(timeout: 10)
            return tool.standardOutput + tool.standardError
        }
        let allowed = try await unotify(["settings", Self.app, "allow"])
        #expect(allowed.contains("alert: on"), "\(allowed)")
        #expect(allowed.hasSuffix("settings live in: Xfce Settings › Notifications › Applications\n"), "\(allowed)")
        // The name xfce4-notifyd mutes by is the app_name unotifyd sends: the last part here (no .desktop).
        _ = try await mutedList(["-n", "-a", "-t", "string", "-s", "Tea"])
        try await Eventually.wait(timeout: .seconds(10), "unotify settings says alert: off") {
            try await unotify(["settings", Self.app]).contains("alert: off")
        }
        _ = try await unotify(["settings", Self.app, "--alert", "on"])
        #expect(!(try await mutedList()).contains("Tea"))
    }
}

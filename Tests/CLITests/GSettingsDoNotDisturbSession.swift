import Foundation
import FreedesktopNotifications
import TestSupport

/// A private bus with a fake server that names itself as a desktop's server does, unotify with
/// GSettings' keyfile backend in a private `XDG_CONFIG_HOME`, and the real `gsettings` to switch
/// the desktop's do-not-disturb key there: for the suites of do-not-disturb kept in GSettings
/// (Cinnamon's, MATE's), which the agent reads.
struct GSettingsDoNotDisturbSession {
    let bus: PrivateBus
    let fake: FakeNotificationServer
    let state: TemporaryDirectory
    let config: TemporaryDirectory
    var environment: [String: String]

    init(capabilities: [String], information: ServerInformation, extraEnvironment: [String: String] = [:])
        async throws
    {
        bus = try PrivateBus()
        fake = try await FakeNotificationServer(
            address: bus.address, capabilities: capabilities, information: information)
        state = try TemporaryDirectory("unotify-state")
        config = try TemporaryDirectory("unotify-gsettings")
        environment = [
            "GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path, "XDG_STATE_HOME": state.path,
            "UNOTIFY_DESKTOP_SETTINGS": "none",
        ].merging(extraEnvironment) { $1 }
    }

    func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await UNotifyProcess.run(arguments, busAddress: bus.address, extraEnvironment: environment)
    }

    /// `gsettings set SCHEMA KEY VALUE` with the real tool, in this session's keyfile.
    func set(_ schema: String, _ key: String, _ value: Bool) async throws {
        let tool = try ChildProcess(
            "/usr/bin/gsettings", ["set", schema, key, value ? "true" : "false"],
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        let status = try await tool.wait(timeout: 10)
        guard status == 0 else { throw TestSupportError("gsettings exited \(status): \(tool.standardError)") }
    }

    func doNotDisturbLine() async throws -> String {
        let explain = try await unotify(["server", "--explain"])
        guard explain.status == 0 else { throw TestSupportError("--explain exited \(explain.status)") }
        return explain.stdout.split(separator: "\n").last { $0.hasPrefix("do not disturb:") }.map(String.init) ?? ""
    }
}

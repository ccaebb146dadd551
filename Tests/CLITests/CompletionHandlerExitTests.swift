import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// A command-line tool whose top-level code calls the completion-handler forms and ends at once
/// (`Tests/Fixtures/completion-handlers-at-exit`) loses nothing: what it sent reaches the agent,
/// and its handlers run, before the process is gone.
@Suite(.timeLimit(.minutes(1))) struct CompletionHandlerExitTests {
    static let app = "org.example.Exit"

    /// Runs the fixture to its end on `rig`'s bus, with `arguments`.
    static func runTool(_ arguments: [String], on rig: AgentProcessRig) async throws -> ChildProcess {
        var environment = ProcessInfo.processInfo.environment.merging(rig.bus.environment) { $1 }
        environment.merge(rig.environment) { $1 }
        environment["UNOTIFY_APP_ID"] = app
        environment["UNOTIFY_AGENT"] = UNotifyDaemonProcess.path
        environment["UNOTIFY_DESKTOP_SETTINGS"] = "none"
        let fixture = PackageRoot.binaryDirectory.appendingPathComponent("completion-handlers-at-exit").path
        let tool = try ChildProcess(fixture, arguments, environment: environment)
        let status = try await tool.wait(timeout: 60)
        #expect(status == 0, "stdout: \(tool.standardOutput) stderr: \(tool.standardError)")
        return tool
    }

    @Test func whatTheHandlerFormsSentReachesTheAgentBeforeTheToolExits() async throws {
        let rig = try await AgentProcessRig()
        #expect(try await rig.unotify(["settings", Self.app, "allow"]).status == 0)
        let tool = try await Self.runTool([], on: rig)
        #expect(tool.standardOutput.isEmpty, "a handler reported an error: \(tool.standardOutput)")
        // Only now, with the tool gone, does the test look: the immediate one was shown, the
        // scheduled one is pending, the categories are registered.
        let call = try await rig.server.nextCall()
        #expect(call.request.summary == "Tea")
        let pending = try await rig.unotify(["pending", "--app", Self.app, "--json"])
        #expect(pending.stdout.contains(#""identifier":"second-cup""#), "\(pending)")
        let categories = try await rig.unotify(["categories", "--app", Self.app])
        #expect(categories.stdout.contains(#""identifier":"drink""#), "\(categories)")
    }

    @Test func theRegistrationsHandlerRunsBeforeTheToolExits() async throws {
        let rig = try await AgentProcessRig()
        let tool = try await Self.runTool(["register"], on: rig)
        // No UnifiedPush distributor on this bus: the handler says so, before the exit.
        #expect(tool.standardOutput.hasPrefix("not registered: "), "\(tool.standardOutput)")
    }
}

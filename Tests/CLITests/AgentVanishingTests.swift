import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// An agent that goes away or never comes: the CLI says so at once, in those words, and leaves
/// no agent of its own making behind.
@Suite(.timeLimit(.minutes(1))) struct AgentVanishingTests {
    @Test func anAgentKilledDuringACallIsReportedAtOnce() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let server = try await FakeNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-state")
        var environment = bus.environment
        environment["XDG_STATE_HOME"] = state.path
        let agent = try ChildProcess(UNotifyDaemonProcess.path, [], environment: environment)
        defer { agent.send(SIGKILL) }
        let watcher = try DBusConnection(address: bus.address)
        try await Eventually.wait(timeout: .seconds(10), "unotifyd owns its name") {
            try await watcher.nameOwner(of: "org.unotify.Agent") != nil
        }
        let cli = try UNotifyProcess.start(
            ["request", "--app", "org.example.Tea"], busAddress: bus.address,
            extraEnvironment: ["XDG_STATE_HOME": state.path])
        defer { cli.send(SIGKILL) }
        // The prompt is up: the call waits for the user's answer.
        _ = try await server.nextCall(timeout: .seconds(10))
        let killed = ContinuousClock.now
        agent.send(SIGKILL)
        let status = try await cli.wait(timeout: 40)
        let took = ContinuousClock.now - killed
        #expect(status == 2, "\(cli.standardError)")
        #expect(cli.standardError.contains("the agent quit"), "\(cli.standardError)")
        #expect(!cli.standardError.contains("no reply within"), "\(cli.standardError)")
        #expect(took < .seconds(10), "the CLI took \(took) to see the agent was gone")
        await watcher.close()
        await server.stop()
    }

    @Test func anAgentThatHangsIsStoppedByTheCLIThatStartedIt() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let directory = try TemporaryDirectory("unotify-hung")
        // A stand-in unotifyd that never takes its name and ignores SIGTERM (as `exec` keeps an
        // ignored signal ignored): only SIGKILL ends it. It writes its process id first.
        let pidFile = directory.url.appendingPathComponent("pid").path
        let script = directory.url.appendingPathComponent("unotifyd").path
        try ExecutableScript.write("#!/bin/sh\ntrap '' TERM\necho $$ > '\(pidFile)'\nexec sleep 600\n", to: script)
        let result = try await UNotifyProcess.run(
            ["settings"], busAddress: bus.address,
            extraEnvironment: ["UNOTIFY_AGENT": script, "XDG_STATE_HOME": directory.path], timeout: 40)
        // The CLI names the process it stopped. Should the stand-in not have run its first line
        // before the CLI gave up (no pid file then), that process must be gone all the same.
        let named = result.stderr.firstMatch(of: /process (\d+)/).flatMap { pid_t($0.output.1) }
        let pid = try #require(named, "the CLI named no process: \(result.stderr)")
        defer { kill(pid, SIGKILL) }
        if let text = try? String(contentsOfFile: pidFile, encoding: .utf8) {
            #expect(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) == pid, "pid file: \(text)")
        }
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("did not start within"), "\(result.stderr)")
        #expect(result.stderr.contains("stopped it"), "\(result.stderr)")
        // Reaped or a zombie waiting for its new parent: either way it runs no more.
        #expect(!Self.isRunning(pid), "the hung agent \(pid) still runs after the CLI gave up")
    }

    /// Whether `pid` exists and is not a zombie.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let parenthesis = stat.lastIndex(of: ")")
        else { return false }
        return !stat[parenthesis...].hasPrefix(") Z")
    }
}

import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// `unotify send` without waiting runs on the main thread alone: no task, executor or worker
/// thread is started (docs/PERFORMANCE.md). Checked with `strace -f`, which records every thread
/// the process creates; a waiting send, which needs the concurrency runtime, shows the check
/// can see them.
@Suite(.timeLimit(.minutes(1))) struct SendThreadTests {
    @Test func aSendWithoutWaitingStartsNoThread() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let threads = try await threadsStarted(by: ["send", "No thread", "started"], busAddress: bus.address)
        #expect(try await fake.nextCall().request.summary == "No thread")
        #expect(threads == 0)
    }

    @Test func aSendThatWaitsForItsIDDoesToo() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let threads = try await threadsStarted(by: ["send", "-p", "With its id"], busAddress: bus.address)
        #expect(try await fake.nextCall().request.summary == "With its id")
        #expect(threads == 0)
    }

    @Test func aSendWithAnActionRunsInATaskAndTheCheckSeesItsThreads() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        async let threads = threadsStarted(by: ["send", "-A", "ok=OK", "Choose"], busAddress: bus.address)
        let call = try await fake.nextCall()
        try await fake.emit(.actionInvoked(call.id, actionKey: "ok"))
        #expect(try await threads > 0)
    }

    /// How many threads (clone and clone3 calls) `unotify ARGUMENTS` starts, from `strace -f`.
    private func threadsStarted(by arguments: [String], busAddress: String) async throws -> Int {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("unotify-strace-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress
        let strace = try ChildProcess(
            "/usr/bin/strace", ["-f", "-e", "trace=clone,clone3", "-o", log.path, UNotifyProcess.path] + arguments,
            environment: environment)
        #expect(try await strace.wait(timeout: 20) == 0, "strace or unotify failed: \(strace.standardError)")
        let trace = try String(contentsOf: log, encoding: .utf8)
        #expect(trace.contains("+++ exited with 0 +++"), "no exit in the trace: \(trace)")
        return trace.split(separator: "\n").filter { $0.contains("clone(") || $0.contains("clone3(") }.count
    }
}

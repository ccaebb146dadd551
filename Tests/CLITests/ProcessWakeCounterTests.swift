import Foundation
import Testing
import TestSupport

/// The wake counter the idle tests rest on sees what it claims to: nothing from a sleeping
/// process, every wake-up of a busy one, and a failure (never 0) for a process that is gone.
@Suite(.timeLimit(.minutes(1))) struct ProcessWakeCounterTests {
    @Test func aSleepingProcessShowsNoWakeUp() async throws {
        let sleeper = try ChildProcess("/bin/sleep", ["60"])
        defer { sleeper.send(SIGKILL) }
        try await Task.sleep(for: .milliseconds(300))
        let counter = try ProcessWakeCounter(pid: sleeper.pid)
        try await Task.sleep(for: .seconds(2))
        #expect(try counter.wakeUps() == 0)
    }

    /// A shell that starts a 50 ms `sleep` again and again wakes at least once for each one:
    /// about 40 in 2 s. The counter must see at least 10.
    @Test func aProcessWakingEveryFiftyMillisecondsIsCounted() async throws {
        let shell = try ChildProcess("/bin/sh", ["-c", "while :; do sleep 0.05; done"])
        defer { shell.send(SIGKILL) }
        let counter = try ProcessWakeCounter(pid: shell.pid)
        try await Task.sleep(for: .seconds(2))
        let wakeUps = try counter.wakeUps()
        #expect(wakeUps >= 10, "counted \(wakeUps) wake-ups of a shell that woke about 40 times")
    }

    @Test func aProcessThatIsGoneIsAnErrorNotZero() async throws {
        let sleeper = try ChildProcess("/bin/sleep", ["60"])
        let counter = try ProcessWakeCounter(pid: sleeper.pid)
        sleeper.send(SIGKILL)
        _ = try await sleeper.wait(timeout: 10)
        #expect(throws: (any Error).self) { try counter.wakeUps() }
    }
}

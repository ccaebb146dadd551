import Foundation
import Testing
import TestSupport

/// The wake counter the idle tests rest on sees what it claims to: nothing from a sleeping
/// process, every wake-up of a busy one, and a failure (never 0) for a process that is gone.
@Suite(.timeLimit(.minutes(1))) struct ProcessWakeCounterTests {
    @Test func aSleepingProcessShowsNoWakeUp() async throws {
        let sleeper = try ChildProcess("/bin/sleep", ["60"])
        defer { sleeper.send(SIGKILL) }
        // Counted from when it sleeps (in `clock_nanosleep`, syscall 230 on x86-64, 115 on arm64),
        // not while it still starts.
        try await Eventually.wait(timeout: .seconds(10), "sleep is asleep") {
            let call = (try? String(contentsOfFile: "/proc/\(sleeper.pid)/syscall", encoding: .utf8)) ?? ""
            return call.hasPrefix("230 ") || call.hasPrefix("115 ")
        }
        let counter = try ProcessWakeCounter(pid: sleeper.pid)
        try await Task.sleep(for: .seconds(2))
        #expect(try counter.wakeUps() == 0)
    }

    /// A shell that starts a 50 ms `sleep` again and again wakes at least once for each one.
    @Test func aProcessWakingEveryFiftyMillisecondsIsCounted() async throws {
        let shell = try ChildProcess("/bin/sh", ["-c", "while :; do sleep 0.05; done"])
        defer { shell.send(SIGKILL) }
        let counter = try ProcessWakeCounter(pid: shell.pid)
        // However slowly the machine lets it run, the shell wakes again and again: the counter
        // must see ten of them (bounded).
        try await Eventually.wait(timeout: .seconds(20), "ten wake-ups counted") { try counter.wakeUps() >= 10 }
    }

    /// A thread that is there but whose count cannot be read (here a process table whose
    /// `schedstat` is a folder) fails the reading: it is never taken as a thread that woke 0 times.
    @Test func anUnreadableCountIsAnErrorNotZero() throws {
        let table = try TemporaryDirectory("unotify-proc")
        let task = table.url.appendingPathComponent("4242/task")
        let readable = task.appendingPathComponent("4243")
        try FileManager.default.createDirectory(at: readable, withIntermediateDirectories: true)
        try "1 2 7\n".write(to: readable.appendingPathComponent("schedstat"), atomically: false, encoding: .utf8)
        // The positive control: a table whose every count reads is read.
        #expect(try ProcessWakeCounter(pid: 4242, processTable: table.path).wakeUps() == 0)
        try FileManager.default.createDirectory(
            at: task.appendingPathComponent("4242/schedstat"), withIntermediateDirectories: true)
        #expect(throws: (any Error).self) { try ProcessWakeCounter(pid: 4242, processTable: table.path) }
    }

    @Test func aProcessThatIsGoneIsAnErrorNotZero() async throws {
        let sleeper = try ChildProcess("/bin/sleep", ["60"])
        let counter = try ProcessWakeCounter(pid: sleeper.pid)
        sleeper.send(SIGKILL)
        _ = try await sleeper.wait(timeout: 10)
        #expect(throws: (any Error).self) { try counter.wakeUps() }
    }
}

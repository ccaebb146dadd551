import Testing
import TestSupport
@testable import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

/// `SignalWaiter.wait()` ends when its task is cancelled, even when the cancellation comes
/// before the wait is registered on the waiter's queue (`unotify listen --count 1` hung when
/// its last response had already come: the group cancelled the interrupt wait at once).
@Suite(.timeLimit(.minutes(1))) struct AgentSignalWaiterTests {
    @Test func aWaitCancelledAtOnceEnds() async throws {
        let waiter = SignalWaiter(signals: [SIGUSR2])
        defer { waiter.stop() }
        // A hang guard, not a timing: a wait that hangs never ends. `cancel()` right after
        // `Task {}` almost always lands before the task starts, so the old waiter hung in its
        // first round; 20 rounds catch it. More rounds only measure the cooperative pool: in a
        // full run on two loaded cores, 200 rounds once took over 45 s, each hop queued behind
        // the other tests' work.
        let ended = try await Deadline.run(within: .seconds(45), "20 waits cancelled at once") {
            var ended = 0
            for _ in 0..<20 {
                let task = Task { await waiter.wait() }
                task.cancel()
                await task.value
                ended += 1
            }
            return ended
        }
        #expect(ended == 20)
    }

    @Test func aWaitCancelledBeforeItStartsEnds() async throws {
        let waiter = SignalWaiter(signals: [SIGUSR2])
        defer { waiter.stop() }
        let ended = try await Deadline.run(within: .seconds(20), "a wait cancelled before it started") {
            await withTaskGroup(of: Bool.self) { group in
                group.cancelAll()
                group.addTask {
                    await waiter.wait()
                    return Task.isCancelled
                }
                return await group.next()
            }
        }
        #expect(ended == true, "the wait ended, and because it was cancelled")
    }
}

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
        // A hang guard, not a timing: a wait that hangs never ends. Under a full test run on
        // two loaded cores, 500 rounds once took over 20 s; 200 rounds in 45 s leave room.
        let ended = try await Deadline.run(within: .seconds(45), "200 waits cancelled at once") {
            var ended = 0
            for _ in 0..<200 {
                let task = Task { await waiter.wait() }
                task.cancel()
                await task.value
                ended += 1
            }
            return ended
        }
        #expect(ended == 200)
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

import Testing
@testable import NotificationAgentClient

#if canImport(Glibc)
import Glibc
#endif

/// `SignalWaiter.wait()` ends when its task is cancelled, even when the cancellation comes
/// before the wait is registered on the waiter's queue (`unotify listen --count 1` hung when
/// its last response had already come: the group cancelled the interrupt wait at once).
@Suite(.timeLimit(.minutes(1))) struct AgentSignalWaiterTests {
    @Test func aWaitCancelledAtOnceEnds() async {
        let waiter = SignalWaiter(signals: [SIGUSR2])
        defer { waiter.stop() }
        for _ in 0..<500 {
            let task = Task { await waiter.wait() }
            task.cancel()
            await task.value
        }
    }

    @Test func aWaitCancelledBeforeItStartsEnds() async {
        let waiter = SignalWaiter(signals: [SIGUSR2])
        defer { waiter.stop() }
        await withTaskGroup(of: Void.self) { group in
            group.cancelAll()
            group.addTask { await waiter.wait() }
            await group.waitForAll()
        }
    }
}

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

    /// A signal that comes as soon as its waiter exists is caught. libdispatch arms a signal
    /// source after `resume()`, on a thread of its own, and until then the signal was ignored
    /// (SIG_IGN): `unotify send -w` made its waiter, sent its Notify, and a Ctrl-C that came then
    /// was lost, the command waiting on (`SendCommandTests.sigintClosesTheNotification`, in a full
    /// run on a loaded machine). Twenty rounds, each with a real-time signal of its own (40 to
    /// 59, which nothing else here raises or watches): a process, like `unotify`, makes one
    /// waiter for a signal. Each waiter takes its signal before it stops (after which the
    /// signal's default action would end the process).
    @Test func aSignalAsSoonAsTheWaiterIsMadeIsCaught() async throws {
        let caught = try await Deadline.run(within: .seconds(45), "20 signals raised as their waiter was made") {
            var caught = 0
            for number in Int32(40)..<60 {
                let waiter = SignalWaiter(signals: [number])
                kill(getpid(), number)
                await waiter.wait()
                waiter.stop()
                caught += 1
            }
            return caught
        }
        #expect(caught == 20)
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

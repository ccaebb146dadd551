/// The callers waiting for `pending.json` to hold their change: a group commit. While one
/// write runs, later callers wait and the next write (of the schedule as it is then) serves them
/// all, so a burst of adds costs one write instead of one each. A caller returns once a write
/// taken after its change is on disk, so an acknowledged change is never lost; when that write
/// fails, each caller's change is taken back (`AgentScheduler.undo(_:)`) before the next
/// write is taken, so a failed change is never written after its caller was told it failed.
///
/// A value kept and changed only by the `NotificationAgent` actor; the writes themselves run
/// off the actor (`NotificationAgent.writePending()`).
struct PendingSaver {
    /// One caller waiting: its generation, its change (none for the agent's own saves), and
    /// how it is answered.
    struct Waiter {
        let generation: Int
        let change: ScheduleChange?
        let continuation: CheckedContinuation<Void, any Error>
    }

    private var requested = 0
    private var written = 0
    private var waiters: [Waiter] = []
    /// Whether a write loop runs.
    private(set) var writing = false

    /// Adds a caller whose change is in the schedule now; returns whether a write loop must
    /// be started.
    mutating func enqueue(_ change: ScheduleChange?, _ continuation: CheckedContinuation<Void, any Error>) -> Bool {
        requested += 1
        waiters.append(Waiter(generation: requested, change: change, continuation: continuation))
        guard !writing else { return false }
        writing = true
        return true
    }

    /// The generation the next write serves (every caller enqueued so far), or `nil` when all
    /// are served (the loop ends).
    mutating func nextWrite() -> Int? {
        guard written < requested else {
            writing = false
            return nil
        }
        return requested
    }

    /// The write serving `generation` ended: returns its callers, in the order they came.
    mutating func finish(_ generation: Int) -> [Waiter] {
        written = generation
        let served = waiters.filter { $0.generation <= generation }
        waiters.removeAll { $0.generation <= generation }
        return served
    }
}

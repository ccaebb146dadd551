import Foundation

/// Writes the schedule to disk off the agent's actor, coalescing: while one write runs, later
/// snapshots wait and only the newest is written next ("group commit"). A caller returns once
/// a write that includes its change is on disk, so an acknowledged request is never lost, and
/// a burst of adds costs one write instead of one each.
actor PendingSaver {
    private let store: PendingStore
    private var newest: (generation: Int, pending: [PendingNotification], firing: [PendingNotification])?
    private var requested = 0
    private var writing = false
    private var waiters: [(generation: Int, continuation: CheckedContinuation<Void, any Error>)] = []

    init(store: PendingStore) { self.store = store }

    /// Saves `pending` and `firing` (or a newer snapshot) and returns when it is on disk.
    func save(_ pending: [PendingNotification], firing: [PendingNotification]) async throws {
        requested += 1
        let generation = requested
        newest = (generation, pending, firing)
        if !writing {
            writing = true
            Task { await self.writeLoop() }
        }
        try await withCheckedThrowingContinuation { continuation in
            waiters.append((generation, continuation))
        }
    }

    private func writeLoop() async {
        while let (generation, pending, firing) = newest {
            newest = nil
            do {
                try store.save(pending, firing: firing)
                resume { $0 <= generation ? .success(()) : nil }
            } catch {
                resume { $0 <= generation ? .failure(error) : nil }
            }
            await Task.yield()
        }
        writing = false
    }

    private func resume(_ outcome: (Int) -> Result<Void, any Error>?) {
        var remaining: [(generation: Int, continuation: CheckedContinuation<Void, any Error>)] = []
        for waiter in waiters {
            if let result = outcome(waiter.generation) {
                waiter.continuation.resume(with: result)
            } else {
                remaining.append(waiter)
            }
        }
        waiters = remaining
    }
}

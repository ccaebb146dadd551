import Foundation
import Synchronization

/// The writes of one store, run one after another in the order they were started, each on a
/// thread of its own: a write may wait for the store's `flock`, which another process can
/// hold for seconds, and that wait must hold neither the agent's actor nor one of the few
/// threads Swift concurrency runs every task on. Only the callers of the write wait for it.
final class StoreWriteQueue: Sendable {
    private let last = Mutex<Task<Void, any Error>?>(nil)

    /// Starts `write` once the writes started before it have ended, and returns when it has.
    ///
    /// - Throws: what `write` throws.
    func run(_ write: @escaping @Sendable () throws -> Void) async throws {
        let task = last.withLock { last in
            let previous = last
            let task = Task {
                _ = await previous?.result
                try await Self.onOwnThread(write)
            }
            last = task
            return task
        }
        try await task.value
    }

    /// Runs `work` on a new thread and returns its result.
    private static func onOwnThread(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}

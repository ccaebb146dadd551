import Foundation

/// Runs a center's operations one after another, in the order they were submitted, so that
/// `add` followed by `removeAllPendingNotificationRequests()` reaches the backend in that order
/// even when neither is awaited (Apple's center keeps that order too).
///
/// An operation submitted with `holdsQueue: false` (authorization, which may wait minutes for
/// the user) still waits for the operations before it, but those after it do not wait for it.
final class CenterOperationQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var tail: Task<Void, Never>?

    /// Starts `operation` after every earlier operation that holds the queue has finished.
    func submit<T: Sendable>(
        holdsQueue: Bool = true, _ operation: @escaping @Sendable () async throws -> T
    ) -> Task<T, any Error> {
        lock.lock()
        defer { lock.unlock() }
        let previous = tail
        let task = Task<T, any Error> {
            await previous?.value
            return try await operation()
        }
        if holdsQueue {
            tail = Task { _ = await task.result }
        }
        return task
    }
}

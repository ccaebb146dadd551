import Foundation

/// One set of time-change watches for the whole process (`TimeChangeMonitor`: a timerfd, an
/// inotify instance, a system-bus connection), shared by every subscriber: an inotify
/// instance is a per-user resource (128 by default), so each agent in a process must not make
/// its own. The watches start with the first subscriber and last as long as the process.
package final class TimeChangeBroadcast: @unchecked Sendable {
    /// The process's broadcast of the machine's time changes.
    package static let system = TimeChangeBroadcast { try await TimeChangeMonitor.changes() }

    private let start: @Sendable () async throws -> AsyncStream<TimeChange>
    private let lock = NSLock()
    private var subscribers: [UUID: AsyncStream<TimeChange>.Continuation] = [:]
    private var started = false

    /// A broadcast of what `start` yields, started on the first subscription.
    package init(start: @escaping @Sendable () async throws -> AsyncStream<TimeChange>) {
        self.start = start
    }

    /// The changes from now on; the stream ends its subscription when its iteration ends.
    ///
    /// - Throws: what starting the watches throws (the next subscription tries again).
    package func subscribe() async throws -> AsyncStream<TimeChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: TimeChange.self)
        let id = UUID()
        let mustStart = lock.withLock {
            subscribers[id] = continuation
            defer { started = true }
            return !started
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.subscribers.removeValue(forKey: id) }
        }
        guard mustStart else { return stream }
        do {
            let changes = try await start()
            Task { [weak self] in
                for await change in changes { self?.broadcast(change) }
            }
        } catch {
            lock.withLock {
                started = false
                subscribers[id] = nil
            }
            throw error
        }
        return stream
    }

    private func broadcast(_ change: TimeChange) {
        for subscriber in lock.withLock({ Array(subscribers.values) }) { subscriber.yield(change) }
    }
}

import Synchronization

/// Messages collected from several threads.
final class EngineFailureLog: Sendable {
    private let storage = Mutex<[String]>([])
    private let retried = Mutex(0)

    /// Adds a message.
    func append(_ message: String) {
        storage.withLock { $0.append(message) }
    }

    /// Every message so far.
    var entries: [String] {
        storage.withLock { $0 }
    }

    /// Counts a write that was refused as locked and tried again.
    func noteRetry() {
        retried.withLock { $0 += 1 }
    }

    /// How many writes were tried again.
    var retries: Int { retried.withLock { $0 } }
}

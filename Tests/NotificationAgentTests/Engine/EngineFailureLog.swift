import Synchronization

/// Messages collected from several threads.
final class EngineFailureLog: Sendable {
    private let storage = Mutex<[String]>([])

    /// Adds a message.
    func append(_ message: String) {
        storage.withLock { $0.append(message) }
    }

    /// Every message so far.
    var entries: [String] {
        storage.withLock { $0 }
    }
}

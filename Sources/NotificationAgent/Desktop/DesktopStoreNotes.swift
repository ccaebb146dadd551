import Foundation

/// What the agent has said on stderr about the desktop's settings store: each failure once per
/// app and message, not with every read (each decision reads), and at most 1 000 of them.
final class DesktopStoreNotes: @unchecked Sendable {
    private let lock = NSLock()
    /// "app NUL message" of each note said; guarded by `lock`.
    private var said: Set<String> = []

    /// Writes `message` to stderr unless it was said for `app` already.
    func sayOnce(_ message: String, app: String) {
        let isNew = lock.withLock {
            guard said.count < 1_000 else { return false }
            return said.insert(app + "\u{0}" + message).inserted
        }
        if isNew { FileHandle.standardError.write(Data((message + "\n").utf8)) }
    }
}

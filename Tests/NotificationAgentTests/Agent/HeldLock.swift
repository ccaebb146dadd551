import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock` on a file, held until `release()` (or the end of the object): another
/// process's lock, as far as the agent can tell (each open file description locks on its own).
final class HeldLock: Sendable {
    private let descriptor: Mutex<Int32?>
    private let path: String

    init(path: String) throws {
        self.path = path
        let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard opened >= 0 else { throw TestSupportError("cannot open \(path): errno \(errno)") }
        guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            _ = close(opened)
            throw TestSupportError("cannot lock \(path): errno \(code)")
        }
        descriptor = Mutex(opened)
    }

    /// Releases the lock; again, nothing (the descriptor is closed once).
    func release() {
        descriptor.withLock { descriptor in
            if let open = descriptor { _ = close(open) }
            descriptor = nil
        }
    }

    /// Waits (bounded) until a writer in this process (the agent under test) has the lock file
    /// open: its write is under way and waiting for the lock, an observable fact where a head
    /// start would be a guess. Each open file description is one entry of `/proc/self/fd`.
    func waitForWaiter(timeout: Duration = .seconds(10)) async throws {
        let path = URL(fileURLWithPath: self.path).resolvingSymlinksInPath().path
        try await Eventually.wait(timeout: timeout, "a writer has \(path) open, waiting for the lock") {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            let opened = entries.filter {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path
            }
            return opened.count >= (self.isHeld ? 2 : 1)
        }
    }

    /// Whether this object still holds its descriptor.
    private var isHeld: Bool { descriptor.withLock { $0 != nil } }

    deinit { release() }
}

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

    init(path: String) throws {
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

    deinit { release() }
}

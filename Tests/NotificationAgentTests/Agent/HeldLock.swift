import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock` on a file, held until `release()`: another process's lock, as far as
/// the agent can tell (each open file description locks on its own).
final class HeldLock: Sendable {
    private let descriptor: Int32

    init(path: String) throws {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            throw TestSupportError("cannot lock \(path): errno \(errno)")
        }
    }

    func release() { _ = close(descriptor) }
}

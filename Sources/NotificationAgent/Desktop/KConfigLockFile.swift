#if canImport(Glibc)
    import Glibc
#endif

/// The lock KConfig takes while it rewrites a file: `<file>.lock`, created exclusively, holding
/// the pid, the program's name and the host name on three lines (Qt's `QLockFile`). A lock
/// whose process is gone on this host, or older than 30 s (Qt's stale time), is taken over.
package enum KConfigLockFile {
    /// How long a writer waits for another's lock before it gives up, in seconds.
    package static let patience = 2

    /// Runs `body` holding the lock of the file at `path`.
    ///
    /// - Throws: `StoreError` when the lock cannot be made, or is held longer than `patience`.
    package static func withLock<T>(of path: String, _ body: () throws -> T) throws -> T {
        let lock = path + ".lock"
        let deadline = ContinuousClock.now + .seconds(patience)
        while true {
            let fd = open(lock, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            if fd >= 0 {
                defer {
                    _ = unlink(lock)
                    _ = close(fd)
                }
                let owner = Array("\(getpid())\nunotifyd\n\(hostName())\n".utf8)
                _ = owner.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                return try body()
            }
            let code = errno
            guard code == EEXIST else {
                throw StoreError(.unwritable(operation: "creating the lock file", errno: code), path: lock)
            }
            if isStale(lock) {
                _ = unlink(lock)
                continue
            }
            guard ContinuousClock.now < deadline else { throw StoreError(.locked(seconds: patience), path: lock) }
            usleep(5_000)
        }
    }

    /// Whether the lock at `path` was left by a process that is gone, or is over 30 s old.
    private static func isStale(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        if time(nil) - status.st_mtim.tv_sec > 30 { return true }
        // try?: an unreadable lock file is not taken as stale: the writer waits for it, bounded
        guard let bytes = try? PrivateFileSystem.read(path, limit: 4096) else { return false }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard fields.count >= 3, let pid = pid_t(fields[0]), pid > 0, String(fields[2]) == hostName() else {
            return false
        }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

#if canImport(Glibc)
    import Glibc
#endif

/// The POSIX file operations under the agent's files (``DocumentFile``, attachments, the
/// journal) and every file it reads: read whole and bounded without blocking, write atomically
/// (temporary file in the same directory, `fsync`, `rename`, `fsync` of the directory), a
/// private directory, and an exclusive `flock`. Every failure is a `StoreError` naming the path.
package enum PrivateFileSystem {

    /// The largest file `read` reads by default: 256 MiB (the schedule at 100 000 pending
    /// notifications is about 64 MiB).
    package static let defaultReadLimit = 256 << 20

    /// The contents of the regular file at `path`, or `nil` when it does not exist.
    ///
    /// Never blocks on what is not a regular file: the file is opened non-blocking (a FIFO with
    /// no writer would otherwise block the open, and with it the agent), and anything but a
    /// regular file (a FIFO, a device, a socket, a directory) is refused, as is a file larger
    /// than `limit` bytes.
    package static func read(_ path: String, limit: Int = defaultReadLimit) throws(StoreError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw StoreError(.unreadable(errno: code), path: path)
        }
        defer { _ = close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            throw StoreError(.unreadable(errno: errno), path: path)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw StoreError(.corrupt("it is not a regular file"), path: path)
        }
        guard status.st_size <= limit else {
            throw StoreError(.corrupt("it is larger than \(limit) bytes (\(status.st_size) bytes)"), path: path)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[0..<count])
                guard bytes.count <= limit else {
                    throw StoreError(.corrupt("it is larger than \(limit) bytes (it grew while read)"), path: path)
                }
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw StoreError(.unreadable(errno: errno), path: path)
            }
        }
    }

    /// Where a write of the file at `path` goes, as KConfig's `QSaveFile` writes: through a
    /// symbolic link (and a chain of them, relative or absolute) to the file it names, so that a
    /// dotfiles manager's link (stow, chezmoi, home-manager) stays a link and its target gets the
    /// change; with the existing file's mode kept (`newMode` for a new file).
    ///
    /// - Throws: `StoreError` `.readOnly` when the file's owner has no write permission (the
    ///   user made it read-only: it is left as it is), `.unwritable` for a loop of links.
    package static func writeTarget(of path: String, newMode: UInt32 = 0o600) throws(StoreError) -> (
        path: String, directory: String, mode: UInt32
    ) {
        var current = path
        for _ in 0..<40 {
            let directory = String(current[..<(current.lastIndex(of: "/") ?? current.startIndex)])
            var status = stat()
            guard lstat(current, &status) == 0 else {
                let code = errno
                guard code == ENOENT else { throw StoreError(.unreadable(errno: code), path: current) }
                return (current, directory.isEmpty ? "." : directory, newMode)
            }
            guard status.st_mode & S_IFMT == S_IFLNK else {
                let mode = UInt32(status.st_mode & 0o7777)
                guard mode & UInt32(S_IWUSR) != 0 else { throw StoreError(.readOnly(mode: mode), path: path) }
                return (current, directory.isEmpty ? "." : directory, mode)
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { throw StoreError(.unreadable(errno: errno), path: current) }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : (directory.isEmpty ? "." : directory) + "/" + target
        }
        throw StoreError(.unwritable(operation: "following its symbolic links", errno: ELOOP), path: path)
    }

    /// Replaces the file at `path` (in `directory`) with `bytes` atomically, with `mode` (0600
    /// unless said): a reader sees the old contents or the new, never a mix, and a crash leaves
    /// one of the two. `path` is the file itself, never a link (``writeTarget(of:newMode:)``).
    package static func writeAtomically(
        _ bytes: [UInt8], to path: String, in directory: String,
        temporaryPrefix: String, mode: UInt32 = 0o600
    )
        throws(StoreError)
    {
        var template = Array((directory + "/" + temporaryPrefix + "XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else {
            throw StoreError(.unwritable(operation: "creating a temporary file", errno: errno), path: directory)
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(StoreError) {
            do throws(StoreError) {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                try check(fchmod(fd, mode_t(mode)), "setting mode \(String(mode, radix: 8))", temporary)
                try writeAll(bytes, to: fd, path: temporary)
                try check(fsync(fd), "fsync", temporary)
            } catch {
                _ = close(fd)
                throw error
            }
            try check(close(fd), "close", temporary)
            try check(rename(temporary, path), "renaming \(temporary)", path)
        } catch {
            _ = unlink(temporary)
            throw error
        }
        syncDirectory(directory)
    }

    /// Creates `directory` (and missing parents) with mode 0700, and makes an existing one 0700.
    package static func makePrivateDirectory(_ directory: String) throws(StoreError) {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 {
                let code = errno
                guard code == EEXIST else {
                    throw StoreError(.unwritable(operation: "creating the directory", errno: code), path: prefix)
                }
            }
        }
        var status = stat()
        guard stat(directory, &status) == 0 else {
            throw StoreError(.unwritable(operation: "stat", errno: errno), path: directory)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw StoreError(.unwritable(operation: "not a directory", errno: ENOTDIR), path: directory)
        }
        if status.st_mode & 0o7777 != 0o700 {
            try check(chmod(directory, 0o700), "setting mode 0700", directory)
        }
    }

    /// How long `withExclusiveLock` waits for the lock, in seconds.
    package static let lockPatience = 5

    /// Runs `body` holding an exclusive `flock` on the file at `path` (created 0600). The lock
    /// belongs to this open file description: other processes, and other calls in this one,
    /// wait for it, at most 5 s (then it is an error). It is released when `body` returns or throws, and by the kernel if the
    /// process dies.
    package static func withExclusiveLock<T>(on path: String, _ body: () throws -> T) throws -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            throw StoreError(.unwritable(operation: "opening the lock file", errno: errno), path: path)
        }
        defer { _ = close(fd) }
        // Bounded: a process that holds the lock for good must not wedge the writer.
        let deadline = ContinuousClock.now + .seconds(lockPatience)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                throw StoreError(.unwritable(operation: "locking", errno: code), path: path)
            }
            guard ContinuousClock.now < deadline else {
                throw StoreError(.locked(seconds: lockPatience), path: path)
            }
            usleep(1_000)
        }
        return try body()
    }

    /// Appends `bytes` to the regular file at `path` (made 0600 when missing) with one `write`,
    /// which reaches the kernel at once and outlives the process (no `fsync`: a power cut may
    /// lose it). Never follows a symbolic link, nor blocks on what is not a regular file.
    /// Whether all of `bytes` were written.
    package static func append(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else { return false }
        defer { _ = close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(StoreError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written >= 0 {
                offset += written
            } else if errno != EINTR {
                throw StoreError(.unwritable(operation: "write", errno: errno), path: path)
            }
        }
    }

    private static func check(_ result: Int32, _ operation: String, _ path: String) throws(StoreError) {
        if result != 0 {
            throw StoreError(.unwritable(operation: operation, errno: errno), path: path)
        }
    }

    /// Makes the rename durable. Best effort: the data itself is already synced.
    private static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        _ = close(fd)
    }
}

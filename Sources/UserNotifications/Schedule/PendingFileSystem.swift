#if canImport(Glibc)
import Glibc
#endif

/// The POSIX file operations of `PendingStore`: read a whole file, replace one atomically
/// (temporary file in the same directory, `fsync`, `rename`, `fsync` of the directory), and
/// make a private directory. Every failure is a `PendingStoreError` naming the path.
enum PendingFileSystem {
    /// The contents of the regular file at `path`, or `nil` when it does not exist.
    static func read(_ path: String) throws(PendingStoreError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw PendingStoreError(.unreadable(errno: code), path: path)
        }
        defer { _ = close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw PendingStoreError(.unreadable(errno: errno), path: path) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw PendingStoreError(.corrupt("it is not a regular file"), path: path)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw PendingStoreError(.unreadable(errno: errno), path: path)
            }
        }
    }

    /// Replaces the file at `path`, which is in `directory`, with `bytes`, mode 0600: a reader
    /// sees the old contents or the new, never a mix, and a crash leaves one of the two (and at
    /// worst a temporary file named `temporaryPrefix…`, which is never read).
    static func writeAtomically(_ bytes: [UInt8], to path: String, in directory: String, temporaryPrefix: String)
        throws(PendingStoreError)
    {
        var template = Array((directory + "/" + temporaryPrefix + "XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else {
            throw PendingStoreError(.unwritable(operation: "creating a temporary file", errno: errno), path: directory)
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(PendingStoreError) {
            do throws(PendingStoreError) {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                try check(fchmod(fd, 0o600), "setting mode 0600", temporary)
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
    static func makePrivateDirectory(_ directory: String) throws(PendingStoreError) {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 {
                let code = errno
                guard code == EEXIST else {
                    throw PendingStoreError(.unwritable(operation: "creating the directory", errno: code), path: prefix)
                }
            }
        }
        var status = stat()
        guard stat(directory, &status) == 0 else {
            throw PendingStoreError(.unwritable(operation: "stat", errno: errno), path: directory)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw PendingStoreError(.unwritable(operation: "not a directory", errno: ENOTDIR), path: directory)
        }
        if status.st_mode & 0o7777 != 0o700 {
            try check(chmod(directory, 0o700), "setting mode 0700", directory)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(PendingStoreError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written >= 0 {
                offset += written
            } else if errno != EINTR {
                throw PendingStoreError(.unwritable(operation: "write", errno: errno), path: path)
            }
        }
    }

    private static func check(_ result: Int32, _ operation: String, _ path: String) throws(PendingStoreError) {
        if result != 0 {
            throw PendingStoreError(.unwritable(operation: operation, errno: errno), path: path)
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

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a desktop's settings file whole, without Foundation (the CLI links this module).
enum SettingsFileReader {
    /// The most a settings file may hold: no desktop writes one near it.
    static let limit = 1 << 20

    /// The bytes of the regular file at `path`; nil when there is none or it cannot be read (Qt
    /// reads such a file as empty). Opened non-blocking, so a FIFO there never blocks the read.
    ///
    /// - Throws: ``SettingsFileError`` when the file is larger than ``limit``.
    static func bytes(at path: String) throws(SettingsFileError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? bytes : nil }
            bytes += chunk[0..<count]
            guard bytes.count <= limit else {
                throw SettingsFileError("\(path) is larger than \(limit) bytes: it is not read as a settings file")
            }
        }
    }
}

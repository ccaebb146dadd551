#if canImport(Glibc)
    import Glibc
#endif

/// The private folder of one capture (the bus's socket, the agent's state), removed at the end.
package struct CaptureDirectory: Sendable {
    package let path: String

    /// Creates `unotify-capture-XXXXXX` in `$TMPDIR` (else `/tmp`).
    package init() throws(CaptureError) {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/unotify-capture-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CaptureError("cannot create a folder in \(base): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    /// Makes `name` inside it, returns its path.
    package func folder(_ name: String) throws(CaptureError) -> String {
        let folder = path + "/" + name
        guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
            throw CaptureError("cannot create \(folder): \(String(cString: strerror(errno)))")
        }
        return folder
    }

    /// Writes `text` to `name` inside it.
    package func write(_ text: String, to name: String) throws(CaptureError) -> String {
        let file = path + "/" + name
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CaptureError("cannot write \(file): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw CaptureError("cannot write \(file)")
        }
        return file
    }

    /// Removes it and everything in it.
    package func remove() { Self.remove(path) }

    private static func remove(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        if (status.st_mode & S_IFMT) == S_IFDIR, let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name != ".", name != ".." { remove(path + "/" + name) }
            }
            closedir(directory)
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}

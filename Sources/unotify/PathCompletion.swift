#if canImport(Glibc)
    import Glibc
#endif

/// File names for a shell completion script that asks `unotify` for candidates: the entries of
/// the directory the typed prefix names, a directory with a trailing `/`.
enum PathCompletion {
    /// The paths starting with `prefix` (relative to the working directory unless absolute);
    /// hidden entries only when the typed name starts with a dot.
    static func candidates(prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let directoryPart = slash.map { String(prefix[...$0]) } ?? ""
        let namePart = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        let directory = directoryPart.isEmpty ? "./" : directoryPart
        return entries(of: directory)
            .filter {
                $0 != "." && $0 != ".." && $0.hasPrefix(namePart) && (namePart.hasPrefix(".") || !$0.hasPrefix("."))
            }
            .sorted()
            .map { directoryPart + $0 + (isDirectory(directory + $0) ? "/" : "") }
    }

    /// The names in `directory`, or none when it cannot be read.
    private static func entries(of directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            names.append(name)
        }
        return names
    }

    /// Whether `path` is a directory (following a symbolic link).
    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}

import Foundation

/// File names for a shell completion script that asks `unotify` for candidates: the entries of
/// the directory the typed prefix names, a directory with a trailing `/`.
enum PathCompletion {
    /// The paths starting with `prefix` (relative to the working directory unless absolute);
    /// hidden entries only when the typed name starts with a dot.
    static func candidates(prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let directoryPart = slash.map { String(prefix[...$0]) } ?? ""
        let namePart = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        let directory = directoryPart.isEmpty ? "." : directoryPart
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasPrefix(namePart) && (namePart.hasPrefix(".") || !$0.hasPrefix(".")) }
            .sorted()
            .map { name in
                var isDirectory: ObjCBool = false
                let path = directoryPart + name
                let exists = FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory)
                return exists && isDirectory.boolValue ? path + "/" : path
            }
    }
}

#if canImport(Glibc)
    import Glibc
#endif

/// Paths given on the command line, made absolute for the agent (which has its own directory).
enum FileSystemPath {
    static func absolute(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return directory + "/" + path
    }
}

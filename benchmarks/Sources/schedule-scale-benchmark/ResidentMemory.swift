import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The process's resident set size, from `/proc/self/statm`.
enum ResidentMemory {
    /// Resident bytes now, or `nil` when `/proc/self/statm` cannot be read.
    static func bytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

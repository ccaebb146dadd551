#if canImport(Glibc)
    import Glibc
#endif

/// Why ``TimeChangeMonitor`` cannot watch the clock or the time-zone file.
package enum TimeChangeError: Error, CustomStringConvertible {
    /// A system call failed: its description and `errno`.
    case system(String, Int32)

    package var description: String {
        switch self {
        case .system(let call, let number):
            return "\(call) failed: \(String(cString: strerror(number))); the agent cannot see clock changes"
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Diagnostics go to stderr, one line at a time.
enum StandardError {
    static func write(_ line: String) {
        guard !line.isEmpty else { return }
        FileDescriptorText.write(line.hasSuffix("\n") ? line : line + "\n", to: 2)
    }
}

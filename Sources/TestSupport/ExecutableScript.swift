import Foundation

/// A script a test writes and then runs (a stand-in agent, a sound player).
///
/// It is written through a descriptor opened with `O_CLOEXEC`: Foundation's `write(to:)` leaves
/// its descriptor open to every process that another test spawns meanwhile, and while any of
/// them holds it, running the script fails with `ETXTBSY` ("Text file busy"; seen in a full
/// test run, where the stand-in agent then never started).
public enum ExecutableScript {
    /// Writes `text` to `path` with mode 0755.
    public static func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else {
            throw TestSupportError("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw TestSupportError("cannot write \(path): \(String(cString: strerror(errno)))") }
            written += count
        }
        // A file that existed keeps its mode: make it executable either way.
        guard fchmod(descriptor, 0o755) == 0 else {
            throw TestSupportError("cannot make \(path) executable: \(String(cString: strerror(errno)))")
        }
    }
}

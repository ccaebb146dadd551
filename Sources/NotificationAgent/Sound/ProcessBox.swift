import Foundation

/// A started player process, handed to the task that bounds its run time.
final class ProcessBox: @unchecked Sendable {
    /// Only `isRunning` and `terminate()` are used once it runs; both are thread-safe in Foundation.
    let process: Process

    init(_ process: Process) {
        self.process = process
    }
}

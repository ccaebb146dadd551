import Dispatch

/// One piece of work for ``GLibContextThread``: run once on the context's thread, its result
/// read by the caller after `done` is signalled.
final class GLibJob: @unchecked Sendable {
    /// Signalled once `result` is set.
    let done = DispatchSemaphore(value: 0)
    /// Written once on the context's thread before `done` is signalled, read only after it.
    private(set) var result: Result<any Sendable, any Error>?
    private let work: @Sendable () throws -> any Sendable

    init(_ work: @escaping @Sendable () throws -> any Sendable) {
        self.work = work
    }

    /// Runs the work and signals `done`.
    func perform() {
        result = Result { try work() }
        done.signal()
    }
}

import Foundation

/// A bounded wait for one piece of async work, so a hang fails the test with a message naming
/// what hung instead of running into the suite's time limit.
public enum Deadline {
    /// Runs `body` in its own task and returns its result; throws if it has not ended within
    /// `timeout` (the task is then cancelled and left behind, so a body that ignores
    /// cancellation cannot block the test).
    public static func run<Value: Sendable>(
        within timeout: Duration, _ what: String,
        _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let outcome = Outcome<Value>()
        let work = Task {
            do { outcome.settle(.success(try await body())) } catch { outcome.settle(.failure(error)) }
        }
        let timer = Task {
            do { try await Task.sleep(for: timeout) } catch { return }
            outcome.settle(.failure(TestSupportError("\(what) did not end within \(timeout)")))
        }
        defer {
            work.cancel()
            timer.cancel()
        }
        return try await outcome.value()
    }

    /// The first result of a race, handed to the one waiter once.
    private final class Outcome<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<Value, any Error>?
        private var waiter: CheckedContinuation<Value, any Error>?

        func settle(_ result: Result<Value, any Error>) {
            let waiter: CheckedContinuation<Value, any Error>? = lock.withLock {
                guard self.result == nil else { return nil }
                self.result = result
                defer { self.waiter = nil }
                return self.waiter
            }
            waiter?.resume(with: result)
        }

        func value() async throws -> Value {
            try await withCheckedThrowingContinuation { continuation in
                let settled: Result<Value, any Error>? = lock.withLock {
                    if result == nil { waiter = continuation }
                    return result
                }
                if let settled { continuation.resume(with: settled) }
            }
        }
    }
}

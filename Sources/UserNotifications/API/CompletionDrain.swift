import Foundation

/// Holds the process's exit until the calls made through the completion-handler forms have
/// been answered and their handlers have run, so that a command-line tool whose top-level code
/// calls `add(_:withCompletionHandler:)` and then ends loses nothing.
///
/// On Apple platforms such a tool hands its request to another process before the call
/// returns. Here the request may still be on its way (the agent being started, the bus being
/// connected), so the first such call registers an `atexit` handler that waits for every one
/// still outstanding, at most ``patience``; a handler that itself calls `exit` is not waited for.
final class CompletionDrain: @unchecked Sendable {
    /// The one drain of the process.
    static let shared = CompletionDrain()

    /// How long exit waits at most: longer than starting the agent and one call to it take,
    /// short enough that a tool whose bus hangs still ends.
    static let patience: TimeInterval = 45

    /// Whether the running code is a completion handler this drain waits for.
    @TaskLocal static var insideHandler = false

    private let condition = NSCondition()
    private var outstanding = 0
    private var registered = false

    /// Counts one call whose handler has yet to run.
    func begin() {
        condition.lock()
        defer { condition.unlock() }
        outstanding += 1
        guard !registered else { return }
        registered = true
        atexit { CompletionDrain.shared.waitForOutstandingCalls() }
    }

    /// The call counted by ``begin()`` has been answered and its handler has run.
    func end() {
        condition.lock()
        defer { condition.unlock() }
        outstanding -= 1
        condition.broadcast()
    }

    /// Runs `handler` as one this drain counts, so that an `exit` inside it does not wait for it.
    func runHandler(_ handler: () -> Void) {
        Self.$insideHandler.withValue(true) { handler() }
    }

    /// Waits until no counted call is left (or only the one whose handler is exiting), at most
    /// ``patience``; says on standard error what is left after that.
    private func waitForOutstandingCalls() {
        let exitingHandler = Self.insideHandler ? 1 : 0
        let deadline = Date(timeIntervalSinceNow: Self.patience)
        condition.lock()
        while outstanding > exitingHandler, condition.wait(until: deadline) {}
        let left = outstanding - exitingHandler
        condition.unlock()
        guard left > 0 else { return }
        FileHandle.standardError.write(
            Data(
                ("UserNotifications: exiting with \(left) notification center call(s) not answered after "
                    + "\(Int(Self.patience)) s; what they sent may be lost\n").utf8))
    }
}

import Synchronization

/// Holds a fake server's answer to the `Notify` calls whose summary starts with a prefix until
/// the test opens it: the notification is on screen (the call is recorded at once), but its
/// sender has no answer yet, as when the server is slow. For races on the moment a
/// notification is being handed over.
public final class NotifyReplyGate: Sendable {
    private struct State: ~Copyable {
        var open = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    /// The summaries whose answers wait.
    public let prefix: String
    private let state = Mutex(State())

    /// A gate, closed, for the summaries that start with `prefix`.
    public init(holding prefix: String) {
        self.prefix = prefix
    }

    /// Waits while the gate is closed, if `summary` is one it holds.
    func pass(_ summary: String) async {
        guard summary.hasPrefix(prefix) else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Opens the gate: every answer held is sent, and none is held from now on.
    public func open() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

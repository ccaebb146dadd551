import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM and SIGINT as an awaitable event, so the agent can release its name and exit cleanly.
final class TerminationSignals: @unchecked Sendable {
    private let queue = DispatchQueue(label: "unotifyd.signals")
    private let sources: [any DispatchSourceSignal]
    /// Guarded by `queue`.
    private var fired = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init() {
        let queue = self.queue
        sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: queue)
        }
        for source in sources {
            source.setEventHandler { [self] in
                fired = true
                waiters.forEach { $0.resume() }
                waiters = []
            }
            source.resume()
        }
    }

    /// Returns when a termination signal arrives (at once if one already has), or when the
    /// waiting task is cancelled.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async { [self] in
                    if fired || Task.isCancelled { continuation.resume() } else { waiters.append(continuation) }
                }
            }
        } onCancel: {
            queue.async { [self] in
                waiters.forEach { $0.resume() }
                waiters = []
            }
        }
    }
}

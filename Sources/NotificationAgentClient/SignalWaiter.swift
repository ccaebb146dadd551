import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// POSIX signals (SIGINT for `unotify send -w`, SIGTERM and SIGINT for `unotifyd`) as an
/// awaitable event, handled on a queue of its own instead of by the default action.
package final class SignalWaiter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "unotify.signals")
    private let numbers: [Int32]
    private let sources: [any DispatchSourceSignal]
    /// Guarded by `queue`.
    private var fired = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Starts catching `signals` (they no longer end the process until ``stop()``).
    package init(signals: [Int32]) {
        numbers = signals
        let queue = self.queue
        sources = signals.map { number in
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

    /// Returns when one of the signals arrives (at once if one already has), or when the
    /// waiting task is cancelled.
    package func wait() async {
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

    /// Stops catching: the signals get their default action again.
    package func stop() {
        sources.forEach { $0.cancel() }
        numbers.forEach { signal($0, SIG_DFL) }
    }
}

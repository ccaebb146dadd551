import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Turns SIGINT into an awaitable event while a command waits.
final class InterruptSignal: @unchecked Sendable {
    private let queue = DispatchQueue(label: "unotify.sigint")
    private let source: any DispatchSourceSignal
    /// Guarded by `queue`.
    private var fired = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: queue)
        source.setEventHandler { [self] in
            fired = true
            waiters.forEach { $0.resume() }
            waiters = []
        }
        source.resume()
    }

    /// Returns when SIGINT arrives, or at once if it already has; returns on cancellation too.
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
                fired = true
            }
        }
    }

    func stop() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}

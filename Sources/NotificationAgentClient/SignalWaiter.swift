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
    /// Waiting tasks, by ticket. Guarded by `queue`.
    private var waiters: [ObjectIdentifier: CheckedContinuation<Void, Never>] = [:]

    /// Starts catching `signals` (they no longer end the process until ``stop()``): a signal
    /// that comes once this returns is caught.
    ///
    /// On Linux libdispatch arms a signal source after `resume()`, on a thread of its own, and
    /// the signal is ignored until then (SIG_IGN here, as on Apple's platforms): `unotify send -w`
    /// lost a Ctrl-C that came right after its Notify. So this returns once every source is
    /// armed (its registration handler has run), or after 5 s if libdispatch never says so.
    package init(signals: [Int32]) {
        numbers = signals
        let queue = self.queue
        sources = signals.map { number in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: queue)
        }
        let armed = DispatchGroup()
        for source in sources {
            armed.enter()
            source.setRegistrationHandler { armed.leave() }
            source.setEventHandler { [self] in
                fired = true
                waiters.values.forEach { $0.resume() }
                waiters = [:]
            }
            source.resume()
        }
        // The registration handlers run on `queue`, never on the caller's thread: no deadlock.
        _ = armed.wait(timeout: .now() + .seconds(5))
    }

    /// Returns when one of the signals arrives (at once if one already has), or when the
    /// waiting task is cancelled, even if it is cancelled before it starts to wait.
    package func wait() async {
        // The ticket names this wait and remembers a cancellation that came before it waited.
        let ticket = SignalWaitTicket()
        let key = ObjectIdentifier(ticket)
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async { [self] in
                    if fired || ticket.cancelled {
                        continuation.resume()
                    } else {
                        waiters[key] = continuation
                    }
                }
            }
        } onCancel: {
            queue.async { [self] in
                ticket.cancelled = true
                waiters.removeValue(forKey: key)?.resume()
            }
        }
    }

    /// Stops catching: the signals get their default action again.
    ///
    /// A process makes one waiter for a signal (as `unotify` and `unotifyd` do): a second one
    /// made for the same signal right after this one stopped may join the source libdispatch is
    /// still cancelling, and miss its signal (seen in a test that made twenty in a row).
    package func stop() {
        sources.forEach { $0.cancel() }
        numbers.forEach { signal($0, SIG_DFL) }
    }
}

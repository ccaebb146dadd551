import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Calls back each time the wall clock is set, and at no other time.
///
/// A `CLOCK_REALTIME` timerfd armed for an absolute moment a century ahead with
/// `TFD_TIMER_CANCEL_ON_SET`: the kernel cancels it (its read fails with `ECANCELED`) whenever
/// the clock is set (`clock_settime`, `settimeofday`, `adjtimex` with `ADJ_SETOFFSET`), never
/// for the gradual slewing NTP does. The timer is armed again after each step. Nothing runs
/// while the clock is left alone.
final class WallClockStepWatch: @unchecked Sendable {
    private let descriptor: Int32
    private let source: any DispatchSourceRead

    /// Starts watching on `queue`; `onStep` runs there after each setting of the clock.
    ///
    /// - Throws: ``TimeChangeError`` when the kernel refuses the timer.
    init(queue: DispatchQueue, onStep: @escaping @Sendable () -> Void) throws {
        guard let calls = TimerDescriptorCalls.load() else {
            throw TimeChangeError.system("finding timerfd_create and timerfd_settime in the C library", ENOSYS)
        }
        let descriptor = calls.create(CLOCK_REALTIME, O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw TimeChangeError.system("timerfd_create(CLOCK_REALTIME)", errno) }
        self.descriptor = descriptor
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setCancelHandler { close(descriptor) }
        guard Self.arm(descriptor, calls) else {
            let error = TimeChangeError.system("timerfd_settime(TFD_TIMER_CANCEL_ON_SET)", errno)
            source.resume()
            source.cancel()
            throw error
        }
        source.setEventHandler {
            var expirations: UInt64 = 0
            let count = read(descriptor, &expirations, MemoryLayout<UInt64>.size)
            // ECANCELED: the clock was set. A count: it was set past the far moment itself.
            // EAGAIN: nothing happened after all (another reader, or a spurious wake).
            guard count == MemoryLayout<UInt64>.size || (count < 0 && errno == ECANCELED) else { return }
            // Arming again clears the cancelled state; without it the descriptor stays readable.
            _ = Self.arm(descriptor, calls)
            onStep()
        }
        source.resume()
    }

    /// Stops watching and closes the timer.
    func cancel() {
        source.cancel()
    }

    /// A century from now on the wall clock: never reached, only cancelled.
    private static func arm(_ descriptor: Int32, _ calls: TimerDescriptorCalls) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var specification = itimerspec()
        specification.it_value.tv_sec = now.tv_sec + 100 * 365 * 86_400
        return calls.setTime(descriptor, TimerDescriptorCalls.absoluteCancelledOnSet, &specification, nil) == 0
    }
}

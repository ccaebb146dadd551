@_spi(ExperimentalScheduling) import _Concurrency
import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The process's global executor once ``IdleQuietGlobalExecutor`` is installed: jobs run on
/// one serial Dispatch queue per processor (round robin), so as many run at once as on the
/// default executor, on Dispatch's overcommit threads, which Dispatch does not monitor.
///
/// Delayed jobs wait on the clock they name, as with the default executor: `ContinuousClock`
/// (the default of `Task.sleep(for:)`) is Dispatch's monotonic time, `CLOCK_BOOTTIME` on
/// Linux, which counts time suspended; `SuspendingClock` is Dispatch's uptime,
/// `CLOCK_MONOTONIC`.
final class QuietTaskExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    static let shared = QuietTaskExecutor()

    private let queues: [DispatchQueue] = (0..<max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))).map {
        DispatchQueue(label: "unotify.global-executor.\($0)")
    }
    private let next = Atomic<Int>(0)

    func enqueue(_ job: consuming ExecutorJob) {
        enqueue(UnownedJob(job))
    }

    func enqueue(_ job: UnownedJob) {
        queue().async { Self.run(job) }
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        enqueue(job, after: clock.now.duration(to: instant), tolerance: tolerance, clock: clock)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        let unowned = UnownedJob(job)
        // Every clock of the standard library measures in `Duration`; another is taken as zero.
        let nanoseconds = (delay as? Duration).map(Self.nanoseconds) ?? 0
        if clock is ContinuousClock {
            enqueue(unowned, continuousNanoseconds: nanoseconds)
        } else {
            enqueue(unowned, uptimeNanoseconds: nanoseconds)
        }
    }

    /// Runs `job` after `nanoseconds` of uptime (`CLOCK_MONOTONIC`, not counting suspend).
    func enqueue(_ job: UnownedJob, uptimeNanoseconds nanoseconds: UInt64) {
        let (deadline, overflow) = DispatchTime.now().uptimeNanoseconds.addingReportingOverflow(nanoseconds)
        enqueue(job, dispatchTime: overflow ? UInt64.max : deadline, monotonic: false)
    }

    /// Runs `job` after `nanoseconds` of boot time (`CLOCK_BOOTTIME`, counting suspend).
    func enqueue(_ job: UnownedJob, continuousNanoseconds nanoseconds: UInt64) {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let (deadline, overflow) = UInt64(now.tv_sec * 1_000_000_000 + now.tv_nsec).addingReportingOverflow(nanoseconds)
        enqueue(job, dispatchTime: overflow ? UInt64.max : deadline, monotonic: true)
    }

    /// Runs `job` at a deadline in nanoseconds of uptime, or of monotonic (boot) time.
    func enqueue(_ job: UnownedJob, dispatchTime deadline: UInt64, monotonic: Bool) {
        // A `dispatch_time_t`: nanoseconds of uptime, or of monotonic time with the top bit set;
        // from 2⁶² on, never (Dispatch's own limit).
        let raw = deadline >= 1 << 62 - 1 ? UInt64.max : (monotonic ? deadline | 1 << 63 : deadline)
        queue().asyncAfter(deadline: unsafeBitCast(raw, to: DispatchTime.self)) { Self.run(job) }
    }

    /// Runs `job` at a wall-clock deadline.
    func enqueue(_ job: UnownedJob, wallDeadline: timespec) {
        queue().asyncAfter(wallDeadline: DispatchWallTime(timespec: wallDeadline)) { Self.run(job) }
    }

    private func queue() -> DispatchQueue {
        queues[next.add(1, ordering: .relaxed).oldValue % queues.count]
    }

    /// Runs `job` on the generic executor, as the default executor does.
    private static func run(_ job: UnownedJob) {
        swiftJobRun(job, unsafeBitCast((0, 0), to: UnownedSerialExecutor.self))
    }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (product, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? UInt64.max : product + UInt64(max(attoseconds, 0) / 1_000_000_000)
    }
}

/// The runtime's own entry point that runs a job on an executor (what the default executor calls).
@_silgen_name("swift_job_run")
private func swiftJobRun(_ job: UnownedJob, _ executor: UnownedSerialExecutor)

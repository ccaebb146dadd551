@_spi(ExperimentalScheduling) import _Concurrency
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The process's global executor once ``IdleQuietGlobalExecutor`` is installed: a pool of one
/// worker per processor, as wide as the default executor, each worker a serial Dispatch queue
/// (so it runs on Dispatch's overcommit threads, which Dispatch does not monitor). Jobs wait
/// in one FIFO; an idle worker is woken for each new job, and a worker drains the FIFO until
/// it is empty, so a long job holds up nothing while another worker is free.
///
/// Delayed jobs wait on the clock they name, as with the default executor: `ContinuousClock`
/// (the default of `Task.sleep(for:)`) is Dispatch's monotonic time, `CLOCK_BOOTTIME` on
/// Linux, which counts time suspended; `SuspendingClock` is Dispatch's uptime,
/// `CLOCK_MONOTONIC`.
final class QuietTaskExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    static let shared = QuietTaskExecutor()

    private let workers: [DispatchQueue]
    /// Where delayed jobs wait for their moment, before they join the FIFO.
    private let timers = DispatchQueue(label: "unotify.global-executor.timers")
    private let state: Mutex<QuietJobQueue>

    private init() {
        let width = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        workers = (0..<width).map { DispatchQueue(label: "unotify.global-executor.\($0)") }
        state = Mutex(QuietJobQueue(idleWorkers: Array(0..<width)))
    }

    func enqueue(_ job: consuming ExecutorJob) {
        enqueue(UnownedJob(job))
    }

    func enqueue(_ job: UnownedJob) {
        let idle = state.withLock { queue in
            queue.append(job)
            return queue.idleWorkers.popLast()
        }
        if let idle { workers[idle].async { self.drain(worker: idle) } }
    }

    /// Runs jobs until none is waiting, then marks `worker` idle (under the same lock).
    private func drain(worker: Int) {
        while let job = state.withLock({ queue in queue.next(orIdle: worker) }) {
            Self.run(job)
        }
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
        timers.asyncAfter(deadline: unsafeBitCast(raw, to: DispatchTime.self)) { self.enqueue(job) }
    }

    /// Runs `job` at a wall-clock deadline.
    func enqueue(_ job: UnownedJob, wallDeadline: timespec) {
        timers.asyncAfter(wallDeadline: DispatchWallTime(timespec: wallDeadline)) { self.enqueue(job) }
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

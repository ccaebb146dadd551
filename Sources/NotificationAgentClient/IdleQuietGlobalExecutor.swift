import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Runs Swift concurrency's global jobs on a few serial Dispatch queues of this process instead
/// of Dispatch's global queues, so that a process with nothing to do sleeps.
///
/// Why: on Linux, Swift's default global executor enqueues on `DispatchQueue.global()`, whose
/// worker threads Dispatch *monitors*: the first such thread starts a timer on Dispatch's
/// manager thread that fires once a second for the rest of the process's life (libdispatch's
/// `_dispatch_workq_monitor_pools`), so an idle `unotifyd` or a waiting `unotify send -w`
/// woke 60 times a minute. Serial queues run on Dispatch's *overcommit* threads, which are not
/// monitored, and an idle overcommit thread exits after a few seconds: then nothing wakes.
///
/// The jobs are spread over one serial queue per processor, so as many run at once as on the
/// default executor (its width is the processor count too). Delayed jobs (`Task.sleep`) wait
/// on Dispatch's monotonic clock (`DispatchTime`): a sleep does not count time suspended, so
/// after a resume it ends late by the time asleep (the agent measures its waits again on
/// resume, see `TimeChangeMonitor`).
///
/// Install it first thing in `main`, before anything runs on the global executor.
package enum IdleQuietGlobalExecutor {
    private typealias Original = @convention(thin) (UnownedJob) -> Void
    private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void
    private typealias DelayOriginal = @convention(thin) (UInt64, UnownedJob) -> Void
    private typealias DelayHook = @convention(thin) (UInt64, UnownedJob, DelayOriginal) -> Void
    private typealias DeadlineOriginal = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob) -> Void
    private typealias DeadlineHook = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob, DeadlineOriginal) -> Void

    private static let queues: [DispatchQueue] = (0..<max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))).map {
        DispatchQueue(label: "unotify.global-executor.\($0)")
    }
    private static let next = Atomic<Int>(0)

    /// Installs the executor; `false` when this Swift runtime has no hooks to install it with
    /// (then the default executor stays, and an idle process wakes once a second).
    @discardableResult
    package static func install() -> Bool {
        guard let runtime = dlopen(nil, RTLD_NOW),
            let enqueue = dlsym(runtime, "swift_task_enqueueGlobal_hook"),
            let delay = dlsym(runtime, "swift_task_enqueueGlobalWithDelay_hook"),
            let deadline = dlsym(runtime, "swift_task_enqueueGlobalWithDeadline_hook")
        else { return false }
        enqueue.assumingMemoryBound(to: Hook?.self).pointee = { job, _ in
            IdleQuietGlobalExecutor.queue().async { IdleQuietGlobalExecutor.run(job) }
        }
        delay.assumingMemoryBound(to: DelayHook?.self).pointee = { nanoseconds, job, _ in
            IdleQuietGlobalExecutor.run(job, after: nanoseconds)
        }
        deadline.assumingMemoryBound(to: DeadlineHook?.self).pointee = { seconds, nanoseconds, _, _, clock, job, _ in
            IdleQuietGlobalExecutor.run(job, after: IdleQuietGlobalExecutor.nanosecondsUntil(seconds: seconds, nanoseconds: nanoseconds, clock: clock))
        }
        return true
    }

    private static func queue() -> DispatchQueue {
        queues[next.add(1, ordering: .relaxed).oldValue % queues.count]
    }

    private static func run(_ job: UnownedJob, after nanoseconds: UInt64) {
        queue().asyncAfter(deadline: DispatchTime(uptimeNanoseconds: DispatchTime.now().uptimeNanoseconds + nanoseconds)) {
            run(job)
        }
    }

    /// Runs `job` on the generic executor, as the default global executor does.
    private static func run(_ job: UnownedJob) {
        swiftJobRun(job, unsafeBitCast((0, 0), to: UnownedSerialExecutor.self))
    }

    /// The time from now until a deadline on the runtime's clock `clock` (1: `ContinuousClock`,
    /// which is `CLOCK_BOOTTIME` on Linux; 2: `SuspendingClock`, `CLOCK_MONOTONIC`).
    private static func nanosecondsUntil(seconds: Int64, nanoseconds: Int64, clock: Int32) -> UInt64 {
        var now = timespec()
        clock_gettime(clock == 1 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &now)
        let remaining = (seconds - Int64(now.tv_sec)) * 1_000_000_000 + (nanoseconds - Int64(now.tv_nsec))
        return UInt64(max(remaining, 0))
    }
}

/// The runtime's own entry point that runs a job on an executor (what the default executor calls).
@_silgen_name("swift_job_run")
private func swiftJobRun(_ job: UnownedJob, _ executor: UnownedSerialExecutor)

import CConcurrencyHooks
@_spi(ExperimentalCustomExecutors) import _Concurrency

#if canImport(Glibc)
    import Glibc
#endif

/// Runs Swift concurrency's global jobs on a few serial Dispatch queues of this process
/// (``QuietTaskExecutor``) instead of Dispatch's global queues, so that a process with nothing
/// to do sleeps.
///
/// Why: on Linux, Swift's default global executor enqueues on `DispatchQueue.global()`, whose
/// worker threads Dispatch *monitors*: the first such thread starts a timer on Dispatch's
/// manager thread that fires once a second for the rest of the process's life (libdispatch's
/// `_dispatch_workq_monitor_pools`), so an idle `unotifyd` or a waiting `unotify send -w`
/// woke 60 times a minute. Serial queues run on Dispatch's *overcommit* threads, which are not
/// monitored, and an idle overcommit thread exits after a few seconds: then nothing wakes.
///
/// The runtime reaches the global executor two ways, and both are redirected: its C++ side
/// (creating and resuming tasks) through the `swift_task_enqueueGlobal*` hooks, and its
/// Swift side (`Task.yield()`, `Task.sleep`) through `Task.defaultExecutor`, which the
/// executor factory sets.
///
/// Install it first thing in `main`, before anything runs on the global executor.
package enum IdleQuietGlobalExecutor {
    private typealias Original = @convention(thin) (UnownedJob) -> Void
    private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void
    private typealias DelayOriginal = @convention(thin) (UInt64, UnownedJob) -> Void
    private typealias DelayHook = @convention(thin) (UInt64, UnownedJob, DelayOriginal) -> Void
    private typealias DeadlineOriginal = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob) -> Void
    private typealias DeadlineHook =
        @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob, DeadlineOriginal) -> Void

    /// Installs the executor.
    ///
    /// The hooks are reached by a link-time reference (`CConcurrencyHooks`), not by `dlsym`: with
    /// the Swift runtime linked statically, as `scripts/install` builds, they are not in the
    /// executable's dynamic symbol table, `dlsym` found nothing, and the installed binaries kept
    /// the default executor and woke once a second.
    package static func install() {
        UnsafeMutableRawPointer(unotify_enqueue_global_hook()).assumingMemoryBound(to: Hook?.self).pointee = {
            job, _ in
            QuietTaskExecutor.shared.enqueue(job)
        }
        UnsafeMutableRawPointer(unotify_enqueue_global_with_delay_hook()).assumingMemoryBound(to: DelayHook?.self)
            .pointee = { nanoseconds, job, _ in
                QuietTaskExecutor.shared.enqueue(job, uptimeNanoseconds: nanoseconds)
            }
        UnsafeMutableRawPointer(unotify_enqueue_global_with_deadline_hook()).assumingMemoryBound(
            to: DeadlineHook?.self
        ).pointee = { seconds, nanoseconds, _, _, clock, job, _ in
            IdleQuietGlobalExecutor.enqueue(job, at: seconds, nanoseconds, clock: clock)
        }
        _createExecutors(factory: QuietExecutorFactory.self)
    }

    /// A deadline on the runtime's clock `clock`: 1 `ContinuousClock` (boot time), 2
    /// `SuspendingClock` (uptime), 3 the wall clock.
    private static func enqueue(_ job: UnownedJob, at seconds: Int64, _ nanoseconds: Int64, clock: Int32) {
        if clock == 3 {
            QuietTaskExecutor.shared.enqueue(
                job, wallDeadline: timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds)))
            return
        }
        let (product, overflow) = max(seconds, 0).multipliedReportingOverflow(by: 1_000_000_000)
        let deadline = overflow ? UInt64.max : UInt64(max(product + max(nanoseconds, 0), 0))
        QuietTaskExecutor.shared.enqueue(job, dispatchTime: deadline, monotonic: clock == 1)
    }
}

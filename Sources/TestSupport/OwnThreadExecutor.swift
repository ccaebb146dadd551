import Dispatch

/// A task executor on a serial dispatch queue of its own, so the work it runs has a thread of its
/// own instead of one of Swift's shared cooperative threads.
///
/// The test process shares those threads between every test running at once, and there are as
/// many as there are cores (two on the CI machines). A test that blocks one (a synchronous
/// D-Bus connect, a wait on a semaphore or a file lock, a long computation) delays every other
/// test's next step: in a full run, two tests that blocked both threads for over 40 s made an
/// unrelated test's 45 s deadline pass. Such a test runs its blocking part through ``run(_:)``.
public final class OwnThreadExecutor: TaskExecutor {
    private let queue: DispatchQueue

    public init(label: String = "unotify.test.own-thread") {
        queue = DispatchQueue(label: label)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }

    /// Runs `body`, and the child tasks it starts, on a new executor of this kind.
    public static func run<T: Sendable>(
        _ body: @Sendable () async throws -> T
    ) async rethrows -> T {
        try await withTaskExecutorPreference(OwnThreadExecutor()) { try await body() }
    }
}

import Dispatch

/// A serial executor that runs jobs on one `DispatchQueue`.
///
/// The connection actor runs on the same queue that libdbus's callbacks and watches use, so
/// every libdbus call happens on one serial queue (the only thread-safe way found to drive it).
final class DispatchQueueExecutor: SerialExecutor {
    let queue: DispatchQueue

    init(queue: DispatchQueue) { self.queue = queue }

    func enqueue(_ job: consuming ExecutorJob) {
        let unownedJob = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { unownedJob.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}

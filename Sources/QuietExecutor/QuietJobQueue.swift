/// ``QuietTaskExecutor``'s state: the jobs waiting, first in first out, and the workers with
/// nothing to do.
struct QuietJobQueue: ~Copyable {
    private var jobs: [UnownedJob] = []
    /// Where the next job is in `jobs` (what is before has been taken).
    private var head = 0
    var idleWorkers: [Int]

    init(idleWorkers: [Int]) {
        self.idleWorkers = idleWorkers
    }

    mutating func append(_ job: UnownedJob) {
        jobs.append(job)
    }

    /// The next job; or, when none waits, `nil` with `worker` marked idle.
    mutating func next(orIdle worker: Int) -> UnownedJob? {
        guard head < jobs.count else {
            jobs.removeAll(keepingCapacity: true)
            head = 0
            idleWorkers.append(worker)
            return nil
        }
        let job = jobs[head]
        head += 1
        // Under constant load the FIFO never empties: drop what was taken now and then.
        if head >= 1024, head * 2 >= jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}

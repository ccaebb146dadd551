/// The benchmark's command line: `schedule-scale-benchmark [PENDING [BATCHES [BATCH_SIZE]]]`.
struct BenchmarkOptions {
    /// How many notifications are pending while measuring (default 100 000).
    var pending = 100_000
    /// How many timed batches per operation (default 50).
    var batches = 50
    /// Operations per timed batch (default 1 000).
    var batchSize = 1_000

    /// Options from `arguments` (without the program name); `nil` when one is not a positive
    /// integer.
    init?(_ arguments: [String]) {
        let numbers = arguments.map { Int($0) }
        guard numbers.allSatisfy({ ($0 ?? 0) > 0 }) else { return nil }
        if numbers.count > 0, let value = numbers[0] { pending = value }
        if numbers.count > 1, let value = numbers[1] { batches = value }
        if numbers.count > 2, let value = numbers[2] { batchSize = value }
        batchSize = min(batchSize, pending)
    }
}

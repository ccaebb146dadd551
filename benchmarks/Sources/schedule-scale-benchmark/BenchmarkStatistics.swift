/// Medians and percentiles of measurements, and a monotonic stopwatch.
enum BenchmarkStatistics {
    /// The median of `values` (the mean of the two middle ones for an even count); 0 when empty.
    static func median(_ values: [Double]) -> Double {
        percentile(50, of: values)
    }

    /// The `p`th percentile of `values` by linear interpolation; 0 when empty.
    static func percentile(_ p: Double, of values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = p / 100 * Double(sorted.count - 1)
        let low = Int(rank.rounded(.down))
        let high = min(low + 1, sorted.count - 1)
        return sorted[low] + (sorted[high] - sorted[low]) * (rank - Double(low))
    }

    /// How long `body` takes, in nanoseconds, on the continuous clock.
    static func nanoseconds(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let elapsed = clock.measure(body)
        return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    }
}

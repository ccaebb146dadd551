import NotificationAgent
import Foundation
import UserNotifications

#if canImport(Glibc)
    import Glibc
#endif

/// The scheduler at scale (the figures asked of it: memory per request and add/remove cost at
/// 100 000 pending): builds a `ScheduleQueue` of N pending notifications (default 100 000)
/// and prints the medians of timed batches. A benchmark, not a test: run it with
/// `benchmarks/schedule-scale`, in release mode.
@main
enum ScheduleScaleBenchmark {
    /// 2027-01-15T08:00:00Z: the start of the fire dates (fixed, so runs compare).
    static let base = 1_800_000_000.0
    /// Fire dates are spread uniformly over 30 days from `base`.
    static let span = 30 * 86_400.0
    /// The scheduler's time zone for calendar matches.
    static let utc = TimeZone(secondsFromGMT: 0) ?? .current

    /// Runs every measurement once and prints the results.
    static func main() throws {
        guard let options = BenchmarkOptions(Array(CommandLine.arguments.dropFirst())) else {
            FileHandle.standardError.write(
                Data("usage: schedule-scale-benchmark [PENDING [BATCHES [BATCH_SIZE]]]\n".utf8))
            exit(2)
        }
        let n = options.pending
        var random = BenchmarkRandom(seed: 0x5C4E_D01E)
        print("schedule-scale: \(n) pending, \(options.batches) batches of \(options.batchSize) per operation")
        print(
            "sizes: PendingNotification \(MemoryLayout<PendingNotification>.stride) B, ScheduledTrigger "
                + "\(MemoryLayout<ScheduledTrigger>.stride) B, DeliveryRequest \(MemoryLayout<DeliveryRequest>.stride) B (inline, before strings)"
        )

        // Memory: RSS before and after filling the queue.
        let before = ResidentMemory.bytes() ?? 0
        var queue = ScheduleQueue(calendarTimeZone: utc)
        for index in 0..<n {
            queue.add(notification(index, fireDate: base + Double.random(in: 0..<span, using: &random)))
        }
        let after = ResidentMemory.bytes() ?? 0
        let perRequest = Double(after - before) / Double(n)
        print(
            String(
                format: "memory per pending notification: %.0f bytes (RSS +%.1f MiB for %d)", perRequest,
                Double(after - before) / 1_048_576, n))

        measureAddRemove(&queue, options: options, random: &random)
        measurePopDue(&queue, options: options, random: &random, label: "one-shot")
        try measureStore(queue)

        var repeating = ScheduleQueue(calendarTimeZone: utc)
        for index in 0..<n {
            repeating.add(
                notification(
                    index, fireDate: base + Double.random(in: 0..<span, using: &random),
                    trigger: .timeInterval(seconds: span, repeats: true)))
        }
        queue = ScheduleQueue(calendarTimeZone: utc)  // free the first queue
        measurePopDue(&repeating, options: options, random: &random, label: "repeating interval")

        var calendar = ScheduleQueue(calendarTimeZone: utc)
        for index in 0..<n {
            let match = CalendarMatch(hour: index % 24, minute: index % 60)
            calendar.add(
                notification(
                    index, fireDate: base + Double.random(in: 0..<span, using: &random),
                    trigger: .calendar(components: match, repeats: true)))
        }
        repeating = ScheduleQueue(calendarTimeZone: utc)
        let calendarOptions = BenchmarkOptions([
            String(n), String(max(5, options.batches / 5)), String(options.batchSize),
        ])
        measurePopDue(
            &calendar, options: calendarOptions ?? options, random: &random, label: "repeating daily calendar")
    }

    /// Pending notification number `index`: realistic strings (identifier, title, body).
    static func notification(_ index: Int, fireDate: Double, trigger: ScheduledTrigger? = nil) -> PendingNotification {
        let request = DeliveryRequest(
            identifier: "reminder-\(index)", title: "Reminder \(index)", body: "Something to remember, number \(index)",
            sound: .default, categoryIdentifier: "reminders")
        return PendingNotification(
            app: "org.example.App\(index % 10)", request: request,
            trigger: trigger ?? .timeInterval(seconds: fireDate - base + 60, repeats: false), anchor: base - 60,
            nextFireDate: fireDate)
    }

    /// Add (new key), replace (same key, new date) and remove of random pending notifications,
    /// `batchSize` at a time, with n pending.
    static func measureAddRemove(_ queue: inout ScheduleQueue, options: BenchmarkOptions, random: inout BenchmarkRandom)
    {
        let n = options.pending
        var removeNs: [Double] = []
        var addNs: [Double] = []
        var replaceNs: [Double] = []
        for _ in 0..<options.batches {
            let indices = (0..<options.batchSize).map { _ in Int.random(in: 0..<n, using: &random) }
            let keys = indices.map { PendingKey(app: "org.example.App\($0 % 10)", identifier: "reminder-\($0)") }
            let fresh = indices.map { notification($0, fireDate: base + Double.random(in: 0..<span, using: &random)) }
            let replacements = indices.map {
                notification($0, fireDate: base + Double.random(in: 0..<span, using: &random))
            }
            var removed = 0
            removeNs.append(
                BenchmarkStatistics.nanoseconds { for key in keys where queue.remove(key) != nil { removed += 1 } }
                    / Double(keys.count))
            addNs.append(
                BenchmarkStatistics.nanoseconds { for pending in fresh { queue.add(pending) } } / Double(fresh.count))
            replaceNs.append(
                BenchmarkStatistics.nanoseconds { for pending in replacements { queue.add(pending) } }
                    / Double(replacements.count))
            precondition(queue.count == n && removed > 0, "the queue lost or gained notifications")
        }
        report("remove", removeNs, unit: "ns/op")
        report("add (new key)", addNs, unit: "ns/op")
        report("add (replacing)", replaceNs, unit: "ns/op")
        print("  heap slots after: \(queue.heapSlotCount) for \(queue.count) pending (\(queue.staleSlotCount) stale)")
        var nextDueNs: [Double] = []
        let now = Date(timeIntervalSince1970: base)
        var total = Duration.zero
        for _ in 0..<options.batches {
            nextDueNs.append(
                BenchmarkStatistics.nanoseconds {
                    for _ in 0..<options.batchSize { total += queue.delayUntilNextDue(now: now) ?? .zero }
                } / Double(options.batchSize))
        }
        report("delayUntilNextDue", nextDueNs, unit: "ns/op")
        precondition(total >= .zero)
    }

    /// `popDue` with n pending, at `now` steps that make about `batchSize` due each; the
    /// one-shot ones are added back later so that n stay pending.
    static func measurePopDue(
        _ queue: inout ScheduleQueue, options: BenchmarkOptions, random: inout BenchmarkRandom, label: String
    ) {
        let n = options.pending
        let step = span * Double(options.batchSize) / Double(n)
        var perNotification: [Double] = []
        var batchMicroseconds: [Double] = []
        for batch in 0..<options.batches {
            let now = Date(timeIntervalSince1970: base + step * Double(batch + 1))
            var due: [PendingNotification] = []
            let elapsed = BenchmarkStatistics.nanoseconds { due = queue.popDue(now: now) }
            guard !due.isEmpty else { continue }
            perNotification.append(elapsed / Double(due.count))
            batchMicroseconds.append(elapsed / 1_000)
            for pending in due where !pending.trigger.repeats {
                var later = pending
                later.nextFireDate = base + span + Double.random(in: 0..<span, using: &random)
                queue.add(later)
            }
            precondition(queue.count == n, "popDue lost notifications")
        }
        report("popDue (\(label))", perNotification, unit: "ns per notification fired")
        report("  one popDue of ~\(options.batchSize) due", batchMicroseconds, unit: "µs")
    }

    /// `PendingStore.save` and `load` of the whole queue, in a temporary directory.
    static func measureStore(_ queue: ScheduleQueue) throws {
        var template = Array("/tmp/schedule-scale-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw CocoaError(.fileWriteUnknown) }
        let directory = URL(
            fileURLWithPath: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = PendingStore(directory: directory.appendingPathComponent("unotify"))
        let pending = queue.allPending
        var saveMs: [Double] = []
        var loadMs: [Double] = []
        var restoreMs: [Double] = []
        for _ in 0..<3 {
            saveMs.append(try nanosecondsThrowing { try store.save(pending) } / 1e6)
            var loaded: [PendingNotification] = []
            loadMs.append(try nanosecondsThrowing { loaded = try store.load() } / 1e6)
            precondition(loaded.count == pending.count, "the store lost notifications")
            var restored = ScheduleQueue(calendarTimeZone: utc)
            restoreMs.append(
                BenchmarkStatistics.nanoseconds { restored = ScheduleQueue(loaded, calendarTimeZone: utc) } / 1e6)
            precondition(restored.count == pending.count, "restoring lost notifications")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: store.fileURL.path)[.size] as? Int) ?? 0
        print(
            String(
                format: "store: pending.json %.1f MiB (%.0f bytes each)", Double(size) / 1_048_576,
                Double(size) / Double(max(pending.count, 1))))
        report("  save (encode + fsync + rename)", saveMs, unit: "ms")
        report("  load (read + decode + check)", loadMs, unit: "ms")
        report("  restore ScheduleQueue from loaded", restoreMs, unit: "ms")
    }

    /// How long a throwing `body` takes, in nanoseconds.
    static func nanosecondsThrowing(_ body: () throws -> Void) throws -> Double {
        var failure: (any Error)?
        let elapsed = BenchmarkStatistics.nanoseconds {
            do { try body() } catch { failure = error }
        }
        if let failure { throw failure }
        return elapsed
    }

    /// Prints the median (and p10/p90) of `values`.
    static func report(_ label: String, _ values: [Double], unit: String) {
        let median = BenchmarkStatistics.median(values)
        let p10 = BenchmarkStatistics.percentile(10, of: values)
        let p90 = BenchmarkStatistics.percentile(90, of: values)
        let numbers =
            String(format: "median %.1f", median) + " \(unit) " + String(format: "(p10 %.1f, p90 %.1f", p10, p90)
        print("\(label): \(numbers), \(values.count) batches)")
    }
}

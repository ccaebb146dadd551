import Foundation
import HeapModule

/// Every pending notification, by app and identifier, ordered by fire date: the agent's
/// schedule as a pure value (no clock, no I/O, no timers).
///
/// - Adding a notification whose key (app, identifier) is pending replaces it.
/// - `add`, `remove` and popping one due notification cost O(log n); `removeAll(app:)` and
///   `pending(app:)` cost O(k log k) for the app's k notifications. There is no cap on the
///   number pending (iOS keeps 64); 100 000 and more are fine.
/// - Inside: a min-heap of (fire date, generation, key) slots and a dictionary from key to the
///   live notification and its generation. Removing or replacing leaves the old slot in the
///   heap, stale, to be skipped when it reaches the top (lazy deletion); the heap is rebuilt
///   from the live entries when stale slots are more than half of it, so it stays within
///   twice the number pending.
///
/// ## Time: how the agent must drive it
///
/// The queue never reads a clock: every operation that depends on time takes `now`, a wall
/// clock reading (`Date()`), because fire dates are wall-clock dates. The agent:
/// 1. computes the wait from the wall clock each time it arms its timer:
///    `delayUntilNextDue(now: Date())`, that is `nextDue.fireDate - now` (`nil`: nothing is
///    pending, sleep until something is added);
/// 2. re-arms after every wake, whatever woke it (the timer, an `add`, a `remove`, a resume
///    from suspend, a clock change), by calling `popDue(now: Date())`, delivering what it
///    returns, and computing the wait again;
/// 3. never fires anything before its fire date: `popDue` returns only notifications whose
///    date is at or before `now`, so a timer that fires early (or a wall clock set back while
///    it slept) delivers nothing and the agent just waits again.
///
/// So a wall clock set *forward* past fire dates makes those notifications due at the next
/// wake, and each fires once (a repeating one then moves to its first date after `now`); a
/// clock set *back* delays them by as much, and loses none. A timer that measures monotonic
/// time cannot see a wall-clock change by itself: the agent wakes on one (`WallClockStepWatch`,
/// a `CLOCK_REALTIME` timerfd armed with `TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET`).
///
/// Calendar matches without a time zone of their own follow `calendarTimeZone`; call
/// `timeZoneChanged(to:now:)` when the user's time zone changes.
package struct ScheduleQueue: Sendable {
    /// The time zone of calendar matches that have none of their own.
    package private(set) var calendarTimeZone: TimeZone

    /// app → identifier → the live notification and its generation.
    private var entries: [String: [String: Entry]] = [:]
    /// One live slot per pending notification, plus stale slots of removed or replaced ones.
    /// Invariant: the minimum, when there is one, is live.
    private var heap = Heap<Slot>()
    /// How many slots in `heap` are stale.
    private var staleSlots = 0
    /// The generation the next pushed slot gets.
    private var nextGeneration: UInt64 = 0

    /// The number of pending notifications.
    package private(set) var count = 0

    /// An empty queue; calendar matches without a time zone use `calendarTimeZone`.
    package init(calendarTimeZone: TimeZone) {
        self.calendarTimeZone = calendarTimeZone
    }

    /// A queue holding `pending` (from `PendingStore.load()`), as they are: fire dates are not
    /// recomputed, so ones whose date passed are due (see `catchUp(now:)`). A later element
    /// with the key of an earlier one replaces it.
    package init(_ pending: some Sequence<PendingNotification>, calendarTimeZone: TimeZone) {
        self.init(calendarTimeZone: calendarTimeZone)
        var slots: [Slot] = []
        for notification in pending {
            let generation = takeGeneration()
            let key = notification.key
            let old = entries[key.app, default: [:]].updateValue(
                Entry(notification: notification, generation: generation), forKey: key.identifier)
            if old == nil { count += 1 } else { staleSlots += 1 }
            slots.append(Slot(fireDate: notification.nextFireDate, generation: generation, key: key))
        }
        heap = Heap(slots)
        dropStaleMinimum()
        compactIfNeeded()
    }

    /// Whether nothing is pending.
    package var isEmpty: Bool { count == 0 }

    /// The pending notification with `key`, if any.
    package subscript(key: PendingKey) -> PendingNotification? {
        entries[key.app]?[key.identifier]?.notification
    }

    /// Adds `notification`, replacing the pending one with the same key; returns the one it
    /// replaced. O(log n).
    @discardableResult
    package mutating func add(_ notification: PendingNotification) -> PendingNotification? {
        let key = notification.key
        let generation = takeGeneration()
        let old = entries[key.app, default: [:]].updateValue(
            Entry(notification: notification, generation: generation), forKey: key.identifier)
        heap.insert(Slot(fireDate: notification.nextFireDate, generation: generation, key: key))
        if old == nil {
            count += 1
        } else {
            staleSlots += 1
            dropStaleMinimum()
            compactIfNeeded()
        }
        return old?.notification
    }

    /// Removes the pending notification with `key`; returns it, or `nil` when there was none.
    /// O(log n) amortized.
    @discardableResult
    package mutating func remove(_ key: PendingKey) -> PendingNotification? {
        guard let old = entries[key.app]?.removeValue(forKey: key.identifier) else { return nil }
        if entries[key.app]?.isEmpty == true { entries[key.app] = nil }
        count -= 1
        staleSlots += 1
        dropStaleMinimum()
        compactIfNeeded()
        return old.notification
    }

    /// Removes `app`'s pending notification `identifier`; returns it, or `nil`.
    @discardableResult
    package mutating func remove(app: String, identifier: String) -> PendingNotification? {
        remove(PendingKey(app: app, identifier: identifier))
    }

    /// Removes every pending notification of `app`; returns them, earliest first.
    @discardableResult
    package mutating func removeAll(app: String) -> [PendingNotification] {
        guard let removed = entries.removeValue(forKey: app) else { return [] }
        count -= removed.count
        staleSlots += removed.count
        dropStaleMinimum()
        compactIfNeeded()
        return Self.inFiringOrder(removed.values)
    }

    /// `app`'s pending notifications, earliest first (equal dates: first added first).
    package func pending(app: String) -> [PendingNotification] {
        guard let forApp = entries[app] else { return [] }
        return Self.inFiringOrder(forApp.values)
    }

    /// The apps that have pending notifications, sorted.
    package var apps: [String] { entries.keys.sorted() }

    /// Every pending notification, earliest first (equal dates: first added first): what
    /// `PendingStore.save(_:)` writes, in an order `init(_:calendarTimeZone:)` restores exactly.
    package var allPending: [PendingNotification] {
        Self.inFiringOrder(entries.values.lazy.flatMap(\.values))
    }

    /// The pending notification that fires first (equal dates: the first added), or `nil`
    /// when none is pending. O(1).
    package var nextDue: PendingNotification? {
        guard let top = heap.min else { return nil }
        return entries[top.key.app]?[top.key.identifier]?.notification
    }

    /// The fire date of `nextDue`, or `nil` when none is pending. O(1), no copy.
    package var nextFireDate: Date? {
        heap.min.map { Date(timeIntervalSince1970: $0.fireDate) }
    }

    /// The number of slots in the heap, live and stale (for tests and benchmarks).
    package var heapSlotCount: Int { heap.count }

    /// The number of stale slots in the heap (for tests and benchmarks).
    package var staleSlotCount: Int { staleSlots }

    // MARK: - Internals used by the time-dependent operations

    /// Removes and returns the earliest live notification if its fire date is at or before
    /// `seconds`, leaving the heap's minimum live.
    mutating func popLive(dueBy seconds: Double) -> PendingNotification? {
        guard let top = heap.min, top.fireDate <= seconds else { return nil }
        heap.removeMin()
        let notification = entries[top.key.app]?.removeValue(forKey: top.key.identifier)?.notification
        if entries[top.key.app]?.isEmpty == true { entries[top.key.app] = nil }
        count -= 1
        dropStaleMinimum()
        return notification
    }

    /// Replaces every live notification that `transform` changes, in one O(n) rebuild.
    mutating func rebuild(
        calendarTimeZone newTimeZone: TimeZone, _ transform: (PendingNotification) -> PendingNotification?
    ) {
        calendarTimeZone = newTimeZone
        var changed = false
        for (app, forApp) in entries {
            for (identifier, entry) in forApp {
                guard let replacement = transform(entry.notification) else { continue }
                entries[app]?[identifier]?.notification = replacement
                changed = true
            }
        }
        guard changed else { return }
        heap = Heap(liveSlots())
        staleSlots = 0
    }

    /// The live slots, with the entries' current fire dates.
    private func liveSlots() -> [Slot] {
        var slots: [Slot] = []
        slots.reserveCapacity(count)
        for (app, forApp) in entries {
            for (identifier, entry) in forApp {
                slots.append(
                    Slot(
                        fireDate: entry.notification.nextFireDate, generation: entry.generation,
                        key: PendingKey(app: app, identifier: identifier)))
            }
        }
        return slots
    }

    private mutating func takeGeneration() -> UInt64 {
        defer { nextGeneration += 1 }
        return nextGeneration
    }

    private func isLive(_ slot: Slot) -> Bool {
        entries[slot.key.app]?[slot.key.identifier]?.generation == slot.generation
    }

    /// Pops stale slots off the top, so that the minimum is live. Each stale slot is popped at
    /// most once: amortized O(log n) per removal.
    private mutating func dropStaleMinimum() {
        while let top = heap.min, !isLive(top) {
            heap.removeMin()
            staleSlots -= 1
        }
    }

    /// Drops every stale slot (O(n)) once they are more than half of the heap.
    private mutating func compactIfNeeded() {
        guard staleSlots * 2 > heap.count else { return }
        let entries = self.entries
        heap.removeAll { entries[$0.key.app]?[$0.key.identifier]?.generation != $0.generation }
        staleSlots = 0
    }

    /// `notifications` sorted by fire date, then by when they were added.
    private static func inFiringOrder(_ entries: some Sequence<Entry>) -> [PendingNotification] {
        entries.sorted { ($0.notification.nextFireDate, $0.generation) < ($1.notification.nextFireDate, $1.generation) }
            .map(\.notification)
    }
}

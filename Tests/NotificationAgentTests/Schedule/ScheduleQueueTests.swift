import Foundation
import Testing
import UserNotifications
@testable import NotificationAgent
import TestSupport

/// `ScheduleQueue`, pure: every time is passed in.
@Suite(.timeLimit(.minutes(2))) struct ScheduleQueueTests {
    private typealias F = ScheduleFixtures
    private let app = "org.example.App"
    private let other = "org.example.Other"

    private func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    /// The queue's invariants: the heap holds every live notification once plus the stale
    /// slots, and never more than about twice the live count.
    private func checkShape(_ queue: ScheduleQueue, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(queue.heapSlotCount == queue.count + queue.staleSlotCount, sourceLocation: sourceLocation)
        #expect(queue.staleSlotCount * 2 <= queue.heapSlotCount, sourceLocation: sourceLocation)
        #expect(queue.allPending.count == queue.count, sourceLocation: sourceLocation)
    }

    // MARK: Keys

    @Test func addingAnExistingKeyReplacesIt() {
        var queue = ScheduleQueue(calendarTimeZone: F.utc)
        #expect(queue.add(F.pending(app, "a", fireDate: 100, title: "first")) == nil)
        queue.add(F.pending(app, "b", fireDate: 200))
        let replaced = queue.add(F.pending(app, "a", fireDate: 300, title: "second"))
        #expect(replaced?.request.title == "first")
        #expect(queue.count == 2)
        #expect(queue[PendingKey(app: app, identifier: "a")]?.request.title == "second")
        #expect(queue.nextDue?.identifier == "b")
        #expect(queue.popDue(now: at(1_000)).map(\.identifier) == ["b", "a"])
        #expect(queue.isEmpty)
        checkShape(queue)
    }

    @Test func sameIdentifierInTwoAppsIsTwoNotifications() {
        var queue = ScheduleQueue(calendarTimeZone: F.utc)
        queue.add(F.pending(app, "a", fireDate: 100))
        queue.add(F.pending(other, "a", fireDate: 50))
        #expect(queue.count == 2)
        #expect(queue.apps == [app, other])
        #expect(queue.remove(app: other, identifier: "a")?.app == other)
        #expect(queue.pending(app: app).map(\.key) == [PendingKey(app: app, identifier: "a")])
        #expect(queue.pending(app: other).isEmpty)
    }

    @Test func removeByKeyAndByApp() {
        var queue = ScheduleQueue(calendarTimeZone: F.utc)
        for (index, identifier) in ["c", "a", "b"].enumerated() {
            queue.add(F.pending(app, identifier, fireDate: Double(300 - index * 100)))
        }
        queue.add(F.pending(other, "x", fireDate: 150))
        #expect(queue.pending(app: app).map(\.identifier) == ["b", "a", "c"])
        #expect(queue.remove(app: app, identifier: "missing") == nil)
        #expect(queue.remove(app: app, identifier: "b")?.nextFireDate == 100)
        #expect(queue.nextDue?.identifier == "x")
        #expect(queue.removeAll(app: app).map(\.identifier) == ["a", "c"])
        #expect(queue.removeAll(app: app).isEmpty)
        #expect(queue.count == 1 && queue.apps == [other])
        #expect(queue.nextDue?.identifier == "x")
        checkShape(queue)
    }

    // MARK: Firing

    @Test func popDueReturnsDueOnesInOrderAndNothingEarly() {
        var queue = ScheduleQueue(calendarTimeZone: F.utc)
        let dates: [Double] = [500, 100, 300, 100, 400, 200]
        for (index, date) in dates.enumerated() { queue.add(F.pending(app, "n\(index)", fireDate: date)) }
        #expect(queue.popDue(now: at(99.999)).isEmpty)
        // Equal dates fire in the order they were added.
        #expect(queue.popDue(now: at(100)).map(\.identifier) == ["n1", "n3"])
        #expect(queue.popDue(now: at(350)).map(\.identifier) == ["n5", "n2"])
        #expect(queue.nextDue?.identifier == "n4")
        #expect(queue.popDue(now: at(10_000)).map(\.identifier) == ["n4", "n0"])
        #expect(queue.nextDue == nil && queue.isEmpty)
        checkShape(queue)
    }

    @Test func repeatingIntervalIsPutBackAtItsNextDate() throws {
        var queue = ScheduleQueue(calendarTimeZone: F.utc)
        let request = DeliveryRequest(identifier: "tick", title: "Tick")
        let added = at(1_000)
        let tick = try PendingNotification(
            app: app, request: request, trigger: .timeInterval(seconds: 60, repeats: true), addedAt: added,
            calendarTimeZone: F.utc)
        queue.add(tick)
        #expect(queue.nextDue?.nextFireDate == 1_060)
        #expect(queue.popDue(now: at(1_060)).map(\.nextFireDate) == [1_060])
        #expect(queue.nextDue?.nextFireDate == 1_120)
        #expect(queue.popDue(now: at(1_121)).map(\.nextFireDate) == [1_120])
        #expect(queue.nextDue?.nextFireDate == 1_180)
        #expect(queue.count == 1)
        checkShape(queue)
    }

    @Test func repeatingCalendarGivesConsecutiveMatches() throws {
        let paris = F.zone("Europe/Paris")
        var queue = ScheduleQueue(calendarTimeZone: paris)
        let daily = ScheduledTrigger.calendar(components: CalendarMatch(hour: 8, minute: 30), repeats: true)
        let pending = try PendingNotification(
            app: app, request: DeliveryRequest(identifier: "daily", body: "b"), trigger: daily,
            addedAt: F.instant("2025-03-28T12:00:00+01:00"), calendarTimeZone: paris)
        queue.add(pending)
        var fired: [Date] = []
        for _ in 0..<3 {
            guard let next = queue.nextDue else { break }
            fired += queue.popDue(now: next.fireDate).map(\.fireDate)
        }
        #expect(
            fired == [
                F.instant("2025-03-29T08:30:00+01:00"), F.instant("2025-03-30T08:30:00+02:00"),
                F.instant("2025-03-31T08:30:00+02:00"),
            ])
        #expect(queue.nextDue?.fireDate == F.instant("2025-04-01T08:30:00+02:00"))
    }

    @Test func catchUpFiresEachMissedNotificationOnce() throws {
        var queue = ScheduleQueue(calendarTimeZone: F.utc)
        let start = F.instant("2025-06-01T00:00:00Z")
        let hourly = try PendingNotification(
            app: app, request: DeliveryRequest(identifier: "hourly", title: "h"),
            trigger: .timeInterval(seconds: 3600, repeats: true), addedAt: start, calendarTimeZone: F.utc)
        let daily = try PendingNotification(
            app: app, request: DeliveryRequest(identifier: "daily", title: "d"),
            trigger: .calendar(components: CalendarMatch(hour: 9), repeats: true), addedAt: start,
            calendarTimeZone: F.utc)
        let once = try PendingNotification(
            app: other, request: DeliveryRequest(identifier: "once", title: "o"),
            trigger: .timeInterval(seconds: 600, repeats: false), addedAt: start, calendarTimeZone: F.utc)
        let later = try PendingNotification(
            app: other, request: DeliveryRequest(identifier: "later", title: "l"),
            trigger: .timeInterval(seconds: 7 * 86_400, repeats: false), addedAt: start, calendarTimeZone: F.utc)
        for pending in [hourly, daily, once, later] { queue.add(pending) }

        // The agent was down for three days and 30 minutes.
        let now = F.instant("2025-06-04T00:30:00Z")
        var restored = ScheduleQueue(queue.allPending, calendarTimeZone: F.utc)
        let fired = restored.catchUp(now: now)
        #expect(fired.map(\.identifier) == ["once", "hourly", "daily"])
        #expect(restored.count == 3)
        #expect(restored[PendingKey(app: app, identifier: "hourly")]?.fireDate == F.instant("2025-06-04T01:00:00Z"))
        #expect(restored[PendingKey(app: app, identifier: "daily")]?.fireDate == F.instant("2025-06-04T09:00:00Z"))
        #expect(restored[PendingKey(app: other, identifier: "later")]?.fireDate == F.instant("2025-06-08T00:00:00Z"))
        #expect(restored.catchUp(now: now).isEmpty)
        checkShape(restored)
    }

    @Test func wallClockJumps() {
        var queue = ScheduleQueue(calendarTimeZone: F.utc)
        queue.add(F.pending(app, "a", fireDate: 1_000))
        queue.add(F.pending(app, "b", fireDate: 2_000))
        // Set back: nothing fires, nothing is lost, the wait grows.
        #expect(queue.popDue(now: at(500)).isEmpty)
        #expect(queue.delayUntilNextDue(now: at(500)) == .seconds(500))
        #expect(queue.count == 2)
        // Forward past both: each fires once.
        #expect(queue.popDue(now: at(5_000)).map(\.identifier) == ["a", "b"])
        #expect(queue.popDue(now: at(5_000)).isEmpty)
    }

    @Test func delayUntilNextDue() {
        var queue = ScheduleQueue(calendarTimeZone: F.utc)
        #expect(queue.delayUntilNextDue(now: at(0)) == nil)
        #expect(queue.nextFireDate == nil)
        queue.add(F.pending(app, "a", fireDate: 100.25))
        #expect(queue.nextFireDate == at(100.25))
        #expect(queue.delayUntilNextDue(now: at(100)) == .milliseconds(250))
        #expect(queue.delayUntilNextDue(now: at(0)) == .milliseconds(100_250))
        #expect(queue.delayUntilNextDue(now: at(100.25)) == .zero)
        #expect(queue.delayUntilNextDue(now: at(200)) == .zero)
    }

    @Test func timeZoneChangeMovesFloatingMatchesOnly() throws {
        let paris = F.zone("Europe/Paris")
        let newYork = F.zone("America/New_York")
        var queue = ScheduleQueue(calendarTimeZone: paris)
        let added = F.instant("2025-06-01T00:00:00Z")
        let floating = try PendingNotification(
            app: app, request: DeliveryRequest(identifier: "floating", title: "f"),
            trigger: .calendar(components: CalendarMatch(hour: 8, minute: 30), repeats: true), addedAt: added,
            calendarTimeZone: paris)
        let fixed = try PendingNotification(
            app: app, request: DeliveryRequest(identifier: "fixed", title: "f"),
            trigger: .calendar(
                components: CalendarMatch(hour: 8, minute: 30, timeZoneIdentifier: "Europe/Paris"), repeats: true),
            addedAt: added, calendarTimeZone: paris)
        queue.add(floating)
        queue.add(fixed)
        queue.add(F.pending(app, "interval", fireDate: 1_748_800_000))
        queue.timeZoneChanged(to: newYork, now: F.instant("2025-06-01T01:00:00Z"))
        #expect(queue.calendarTimeZone == newYork)
        #expect(queue[PendingKey(app: app, identifier: "floating")]?.fireDate == F.instant("2025-06-01T08:30:00-04:00"))
        #expect(queue[PendingKey(app: app, identifier: "fixed")]?.fireDate == F.instant("2025-06-01T08:30:00+02:00"))
        #expect(queue[PendingKey(app: app, identifier: "interval")]?.nextFireDate == 1_748_800_000)
        #expect(
            queue.popDue(now: F.instant("2025-06-02T00:00:00Z")).map(\.identifier) == ["fixed", "floating", "interval"])
        checkShape(queue)
    }

    @Test func replacingOneKeyOverAndOverStaysCompact() {
        var queue = ScheduleQueue(calendarTimeZone: F.utc)
        queue.add(F.pending(app, "keep", fireDate: 1))
        for round in 0..<10_000 {
            queue.add(F.pending(app, "churn", fireDate: Double(1_000_000 - round)))
            checkShape(queue)
        }
        #expect(queue.count == 2)
        #expect(queue.heapSlotCount <= 4)
        #expect(queue.popDue(now: at(1_000_000)).map(\.identifier) == ["keep", "churn"])
        #expect(queue.heapSlotCount == 0 && queue.staleSlotCount == 0)
    }

    @Test func restoringKeepsOrderAndContents() {
        var queue = ScheduleQueue(calendarTimeZone: F.utc)
        for index in 0..<50 {
            queue.add(F.pending(index % 2 == 0 ? app : other, "n\(index)", fireDate: Double(index % 7)))
        }
        let restored = ScheduleQueue(queue.allPending, calendarTimeZone: F.utc)
        #expect(restored.allPending == queue.allPending)
        #expect(restored.nextDue == queue.nextDue)
        // A duplicate key in the input: the later one wins.
        let duplicated = ScheduleQueue(
            [F.pending(app, "d", fireDate: 1, title: "old"), F.pending(app, "d", fireDate: 2, title: "new")],
            calendarTimeZone: F.utc)
        #expect(duplicated.count == 1 && duplicated.nextDue?.request.title == "new")
        checkShape(duplicated)
    }

    // MARK: Scale (correctness, not timing)

    @Test func hundredThousandAddsThenRemovesStayCorrect() async {
        // Seconds of computation on a loaded machine: on a thread of its own, not one every test shares.
        await OwnThreadExecutor.run {
            var random = SeededRandom(seed: 0x5EED)
            var queue = ScheduleQueue(calendarTimeZone: F.utc)
            var reference: [PendingKey: Double] = [:]
            let apps = (0..<20).map { "org.example.App\($0)" }
            var keys: [PendingKey] = []
            for index in 0..<100_000 {
                let key = PendingKey(app: apps[index % apps.count], identifier: "n\(index)")
                let date = Double(random.next(upperBound: UInt64(1_000_000)))
                queue.add(F.pending(key.app, key.identifier, fireDate: date))
                reference[key] = date
                keys.append(key)
            }
            // Replace 10 000 random ones with new dates.
            for _ in 0..<10_000 {
                let key = keys[Int(random.next(upperBound: UInt64(keys.count)))]
                let date = Double(random.next(upperBound: UInt64(1_000_000)))
                queue.add(F.pending(key.app, key.identifier, fireDate: date))
                reference[key] = date
            }
            #expect(queue.count == reference.count)
            #expect(queue.nextDue?.nextFireDate == reference.values.min())
            checkShape(queue)
            // Remove 60 000 in random order.
            keys.shuffle(using: &random)
            for key in keys.prefix(60_000) {
                #expect(queue.remove(key)?.nextFireDate == reference.removeValue(forKey: key))
            }
            #expect(queue.count == 40_000 && queue.count == reference.count)
            #expect(queue.nextDue?.nextFireDate == reference.values.min())
            checkShape(queue)
            #expect(queue.pending(app: apps[3]).count == reference.keys.filter { $0.app == apps[3] }.count)
            // Pop in two steps: exactly the remaining ones, in date order.
            let firstHalf = queue.popDue(now: at(500_000))
            let secondHalf = queue.popDue(now: at(2_000_000))
            let fired = firstHalf + secondHalf
            #expect(fired.count == 40_000)
            #expect(
                firstHalf.allSatisfy { $0.nextFireDate <= 500_000 }
                    && secondHalf.allSatisfy { $0.nextFireDate > 500_000 })
            #expect(zip(fired, fired.dropFirst()).allSatisfy { $0.nextFireDate <= $1.nextFireDate })
            #expect(Set(fired.map(\.key)) == Set(reference.keys))
            #expect(fired.allSatisfy { reference[$0.key] == $0.nextFireDate })
            #expect(queue.isEmpty && queue.heapSlotCount == 0)
        }
    }
}

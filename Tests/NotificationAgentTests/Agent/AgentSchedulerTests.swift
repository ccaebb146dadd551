import Foundation
import NotificationAgentClient
import Testing
import TestSupport
@testable import NotificationAgent
@testable import UserNotifications

/// The scheduler room's bookkeeping, without a bus or a server: what is due moves to `firing`,
/// what is being handed over is not removed under the agent, the journal records what the
/// server has, and a restart takes back what was firing.
@Suite struct AgentSchedulerTests {
    static let app = "org.example.Tea"
    static let now = Date(timeIntervalSince1970: 2_000_000_000)

    static func pending(_ identifier: String, in seconds: Double, app: String = app) -> PendingNotification {
        PendingNotification(
            app: app, request: DeliveryRequest(identifier: identifier, title: identifier),
            trigger: .timeInterval(seconds: 600, repeats: false), anchor: 0,
            nextFireDate: now.timeIntervalSince1970 + seconds)
    }

    static func scheduler(_ directory: TemporaryDirectory) -> AgentScheduler {
        AgentScheduler(directory: directory.url, calendarTimeZone: .gmt) { AsyncStream { $0.finish() } }
    }

    /// A scheduler that has taken `pending` out of its queue and is handing it to the server.
    static func handingOver(_ pending: PendingNotification, _ directory: TemporaryDirectory) -> AgentScheduler {
        var scheduler = scheduler(directory)
        scheduler.add(pending)
        scheduler.takeDue(now: now)
        scheduler.beginHanding(pending)
        return scheduler
    }

    @Test func whatIsDueWithinTheSaveLeadMovesToFiringAndStaysPending() throws {
        let directory = try TemporaryDirectory("unotify-scheduler")
        var scheduler = Self.scheduler(directory)
        scheduler.add(Self.pending("soon", in: AgentScheduler.saveLead / 2))
        scheduler.add(Self.pending("later", in: 60))
        scheduler.add(Self.pending("past", in: -5))
        #expect(scheduler.nextWake(now: Self.now) == .zero)
        scheduler.takeDue(now: Self.now)
        #expect(Set(scheduler.firing.keys.map(\.identifier)) == ["soon", "past"])
        #expect(scheduler.queue.pending(app: Self.app).map(\.identifier) == ["later"])
        // What waits for a server is still pending as far as the app knows, earliest first.
        #expect(scheduler.pending(app: Self.app).map(\.identifier) == ["past", "soon", "later"])
        #expect(scheduler.readyToFire().map(\.identifier) == ["past", "soon"])
        let wake = try #require(scheduler.nextWake(now: Self.now))
        #expect(wake > .seconds(59) && wake <= .seconds(60))
    }

    @Test func oneBeingHandedOverIsNeitherRemovedNorReadyAgain() throws {
        let directory = try TemporaryDirectory("unotify-scheduler")
        var scheduler = Self.scheduler(directory)
        let handed = Self.pending("handed", in: -1)
        scheduler.add(handed)
        scheduler.add(Self.pending("waiting", in: -1))
        scheduler.add(Self.pending("queued", in: 60))
        scheduler.takeDue(now: Self.now)
        #expect(scheduler.isWaitingToFire(handed))
        scheduler.beginHanding(handed)
        #expect(!scheduler.isWaitingToFire(handed))
        #expect(scheduler.readyToFire().map(\.identifier) == ["waiting"])
        let removed = scheduler.remove(app: Self.app, identifiers: [])
        #expect(removed == 2)
        #expect(scheduler.pending(app: Self.app).map(\.identifier) == ["handed"])
        // The server took it: recorded in the journal, out of `firing`.
        let left = scheduler.finishHanding(handed, handed: true)
        #expect(left)
        #expect(scheduler.firing.isEmpty && scheduler.handing.isEmpty)
        #expect(scheduler.handedCount == 1)
        #expect(FiredJournal.contains(scheduler.journal.load(), handed))
    }

    @Test func oneNoServerTookStaysFiringAndIsNotJournaled() throws {
        let directory = try TemporaryDirectory("unotify-scheduler")
        let pending = Self.pending("a", in: -1)
        var scheduler = Self.handingOver(pending, directory)
        let left = scheduler.finishHanding(pending, handed: false)
        #expect(!left)
        #expect(scheduler.firing[pending.key] == pending)
        #expect(scheduler.handing.isEmpty && scheduler.handedCount == 0)
        #expect(scheduler.journal.load().isEmpty)
        #expect(scheduler.readyToFire() == [pending])
    }

    @Test func oneReplacedWhileHandedOverStaysFiring() throws {
        let directory = try TemporaryDirectory("unotify-scheduler")
        let old = Self.pending("a", in: -2)
        var scheduler = Self.handingOver(old, directory)
        // The app adds it again while the old one is being handed over: the new one is kept.
        let newer = Self.pending("a", in: -1)
        scheduler.add(newer)
        scheduler.takeDue(now: Self.now)
        let left = scheduler.finishHanding(old, handed: true)
        #expect(!left)
        #expect(scheduler.firing[newer.key] == newer)
    }

    @Test func oneNotDueAfterAllGoesBackToTheQueue() throws {
        let directory = try TemporaryDirectory("unotify-scheduler")
        var scheduler = Self.scheduler(directory)
        let pending = Self.pending("a", in: AgentScheduler.saveLead / 2)
        scheduler.add(pending)
        scheduler.takeDue(now: Self.now)
        #expect(scheduler.firing[pending.key] == pending)
        scheduler.reschedule(pending)
        #expect(scheduler.firing.isEmpty)
        #expect(scheduler.queue.pending(app: Self.app) == [pending])
    }

    @Test func theJournalIsClearedOnlyBySaveThatHoldsNothingItNames() throws {
        let directory = try TemporaryDirectory("unotify-scheduler")
        var scheduler = Self.scheduler(directory)
        let first = Self.pending("first", in: -1)
        let second = Self.pending("second", in: -1)
        scheduler.add(first)
        scheduler.add(second)
        scheduler.takeDue(now: Self.now)
        let beforeHanding = scheduler.snapshot()
        #expect(beforeHanding.firing.count == 2)
        scheduler.beginHanding(first)
        _ = scheduler.finishHanding(first, handed: true)
        scheduler.beginHanding(second)
        _ = scheduler.finishHanding(second, handed: true)
        // A save taken before the handing over still holds both in `firing`.
        scheduler.saved(beforeHanding)
        #expect(scheduler.journal.load().count == 2)
        let after = scheduler.snapshot()
        #expect(after.firing.isEmpty)
        scheduler.saved(after)
        #expect(scheduler.journal.load().isEmpty)
    }

    @Test func aRestartTakesBackWhatWasFiringExceptWhatTheServerHad() throws {
        let directory = try TemporaryDirectory("unotify-scheduler")
        let shown = Self.pending("shown", in: -3)
        let unshown = Self.pending("unshown", in: -2)
        let early = Self.pending("early", in: 30)
        let missed = Self.pending("missed", in: -10)
        let store = PendingStore(directory: directory.url)
        try store.save([missed, Self.pending("queued", in: 60)], firing: [shown, unshown, early])
        #expect(FiredJournal(directory: directory.url).record(shown))

        var scheduler = Self.scheduler(directory)
        let savedFiring = try scheduler.load(now: Self.now)
        #expect(Set(savedFiring.map(\.identifier)) == ["shown", "unshown", "early"])
        let mustSave = scheduler.recover(savedFiring, now: Self.now)
        #expect(mustSave)
        #expect(Set(scheduler.firing.keys.map(\.identifier)) == ["unshown", "missed"])
        #expect(scheduler.queue.pending(app: Self.app).map(\.identifier) == ["early", "queued"])
    }

    @Test func aRestartWithNothingSavedNeedsNoSave() throws {
        let directory = try TemporaryDirectory("unotify-scheduler")
        var scheduler = Self.scheduler(directory)
        let savedFiring = try scheduler.load(now: Self.now)
        #expect(savedFiring.isEmpty)
        let mustSave = scheduler.recover(savedFiring, now: Self.now)
        #expect(!mustSave)
        #expect(scheduler.nextWake(now: Self.now) == nil)
    }

    /// A daily 09:00 without a zone, saved by an agent in UTC: next due `in` seconds from `now`.
    static func floatingNine(_ identifier: String, dueIn seconds: Double) -> PendingNotification {
        PendingNotification(
            app: app, request: DeliveryRequest(identifier: identifier, title: identifier),
            trigger: .calendar(components: CalendarMatch(hour: 9, minute: 0), repeats: true),
            anchor: now.timeIntervalSince1970 - 86_400, nextFireDate: now.timeIntervalSince1970 + seconds)
    }

    @Test func aScheduleSavedInAnotherZoneMovesToThisOneOnLoadAndOneDueStaysDue() throws {
        let directory = try TemporaryDirectory("unotify-scheduler")
        let utc = try #require(TimeZone(identifier: "Etc/UTC"))
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        // 09:00 UTC after now, and the one before (missed while no agent ran).
        let next = try #require(
            calendar.nextDate(after: Self.now, matching: DateComponents(hour: 9, minute: 0), matchingPolicy: .nextTime))
        let ahead = Self.floatingNine("ahead", dueIn: next.timeIntervalSince(Self.now))
        let missed = Self.floatingNine("missed", dueIn: next.timeIntervalSince(Self.now) - 86_400)
        try PendingStore(directory: directory.url).save([missed, ahead], timeZone: utc)

        var scheduler = AgentScheduler(directory: directory.url, calendarTimeZone: tokyo) {
            AsyncStream { $0.finish() }
        }
        _ = try scheduler.load(now: Self.now)
        #expect(scheduler.queue.calendarTimeZone.identifier == "Asia/Tokyo")
        calendar.timeZone = tokyo
        let inTokyo = try #require(
            calendar.nextDate(after: Self.now, matching: DateComponents(hour: 9, minute: 0), matchingPolicy: .nextTime))
        #expect(scheduler.queue[ahead.key]?.fireDate == inTokyo)
        // Due before the move: fires once now, then goes on in Tokyo.
        let mustSave = scheduler.recover([], now: Self.now)
        #expect(mustSave)
        #expect(Set(scheduler.firing.keys.map(\.identifier)) == ["missed"])
        #expect(scheduler.queue[missed.key]?.fireDate == inTokyo)
        #expect(scheduler.snapshot().timeZone.identifier == "Asia/Tokyo")
    }

    @Test func aScheduleSavedWithoutAZoneLoadsAsItWas() throws {
        let directory = try TemporaryDirectory("unotify-scheduler")
        let ahead = Self.floatingNine("ahead", dueIn: 3600)
        // As an agent from before the zone was kept wrote it.
        let old = #"{"version":1,"pending":[\#(String(decoding: try JSONEncoder().encode(ahead), as: UTF8.self))]}"#
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        try Data(old.utf8).write(to: PendingStore(directory: directory.url).fileURL)
        var scheduler = AgentScheduler(directory: directory.url, calendarTimeZone: .gmt) { AsyncStream { $0.finish() } }
        _ = try scheduler.load(now: Self.now)
        #expect(scheduler.queue[ahead.key] == ahead)
        let mustSave = scheduler.recover([], now: Self.now)
        #expect(!mustSave)
    }

    @Test func onlyANewTimeZoneMovesTheCalendarMatches() throws {
        let directory = try TemporaryDirectory("unotify-scheduler")
        var scheduler = Self.scheduler(directory)
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let afterStep = scheduler.timeChanged(.wallClockStepped, now: Self.now)
        let afterSameZone = scheduler.timeChanged(.timeZoneChanged(.gmt), now: Self.now)
        #expect(!afterStep && !afterSameZone)
        #expect(scheduler.queue.calendarTimeZone.identifier == TimeZone.gmt.identifier)
        let afterNewZone = scheduler.timeChanged(.timeZoneChanged(tokyo), now: Self.now)
        #expect(afterNewZone)
        #expect(scheduler.queue.calendarTimeZone.identifier == "Asia/Tokyo")
    }
}

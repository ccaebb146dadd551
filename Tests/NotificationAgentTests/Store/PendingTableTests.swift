import Foundation
import NotificationAgentClient
import Testing
import TestSupport
@testable import NotificationAgent
@testable import UserNotifications

/// The schedule in the store, without a bus or a server: per-record changes that two
/// processes' hosts make together lose nothing, a due notification is claimed by one host only,
/// what a host that is gone left is taken over, and dates follow the zone.
@Suite struct PendingTableTests {
    static let app = "org.example.Tea"
    static let now = Date(timeIntervalSince1970: 2_000_000_000)

    static func pending(_ identifier: String, in seconds: Double, app: String = app) -> PendingNotification {
        PendingNotification(
            app: app, request: DeliveryRequest(identifier: identifier, title: identifier),
            trigger: .timeInterval(seconds: 600, repeats: false), anchor: 0,
            nextFireDate: now.timeIntervalSince1970 + seconds)
    }

    /// Two handles on one database, as two processes have.
    static func twoTables(_ directory: TemporaryDirectory) throws -> (PendingTable, PendingTable) {
        (
            PendingTable(database: try AgentDatabase(directory: directory.url)),
            PendingTable(database: try AgentDatabase(directory: directory.url))
        )
    }

    @Test func addsFromTwoSessionsAreAllKeptAndEachSessionFiresOnlyItsOwn() async throws {
        let directory = try TemporaryDirectory("unotify-store")
        let (one, two) = try Self.twoTables(directory)
        // The user's report: Z then X on session 1, Y on session 2, each acknowledged.
        try await one.add(Self.pending("Z", in: 10), session: "s1")
        try await one.add(Self.pending("X", in: 20), session: "s1")
        try await two.add(Self.pending("Y", in: 30), session: "s2")
        #expect(Set(try await two.pending(app: Self.app).map(\.identifier)) == ["X", "Y", "Z"])
        let later = Self.now.addingTimeInterval(60)
        let firstClaims = try await one.claimDue(by: later, session: "s1", host: "h1", zone: .gmt)
        let secondClaims = try await two.claimDue(by: later, session: "s2", host: "h2", zone: .gmt)
        #expect(firstClaims.map(\.identifier) == ["Z", "X"])
        #expect(secondClaims.map(\.identifier) == ["Y"])
    }

    @Test func aDueNotificationIsClaimedByOneHostOnlyHoweverManyTry() async throws {
        let directory = try TemporaryDirectory("unotify-store")
        let (one, two) = try Self.twoTables(directory)
        for index in 0..<200 { try await one.add(Self.pending("n\(index)", in: Double(index) / 100), session: "s") }
        // Two hosts of one session (a hand-over) claim side by side.
        async let first = one.claimDue(by: Self.now.addingTimeInterval(5), session: "s", host: "a", zone: .gmt)
        async let second = two.claimDue(by: Self.now.addingTimeInterval(5), session: "s", host: "b", zone: .gmt)
        let claims = try await first.map(\.identifier) + second.map(\.identifier)
        #expect(claims.count == 200)
        #expect(Set(claims).count == 200)
    }

    @Test func aRepeatingOneStaysPendingAtItsNextDateWhenClaimed() async throws {
        let directory = try TemporaryDirectory("unotify-store")
        let table = PendingTable(database: try AgentDatabase(directory: directory.url))
        var hourly = Self.pending("hourly", in: -1)
        hourly.trigger = .timeInterval(seconds: 3600, repeats: true)
        hourly.anchor = Self.now.timeIntervalSince1970 - 3601
        try await table.add(hourly, session: "s")
        let claimed = try await table.claimDue(by: Self.now, session: "s", host: "h", zone: .gmt)
        #expect(claimed == [hourly])
        let next = try #require(try await table.nextFireDate(session: "s"))
        #expect(next > Self.now.timeIntervalSince1970)
        // Pending twice as the app sees it: the occurrence being shown, and the next.
        #expect(try await table.pending(app: Self.app).count == 2)
        #expect(try await table.finish(hourly, host: "h"))
        #expect(try await table.pending(app: Self.app).map(\.nextFireDate) == [next])
    }

    @Test func removingKeepsWhatIsBeingHandedOverAndCountsTheRest() async throws {
        let directory = try TemporaryDirectory("unotify-store")
        let table = PendingTable(database: try AgentDatabase(directory: directory.url))
        for name in ["a", "b", "c"] { try await table.add(Self.pending(name, in: -1), session: "s") }
        try await table.add(Self.pending("later", in: 60), session: "s")
        _ = try await table.claimDue(by: Self.now, session: "s", host: "h", zone: .gmt)
        let removed = try await table.remove(
            app: Self.app, identifiers: [], keeping: [PendingKey(app: Self.app, identifier: "b")])
        #expect(removed == 3)
        #expect(try await table.pending(app: Self.app).map(\.identifier) == ["b"])
        // Another app's are untouched.
        try await table.add(Self.pending("other", in: 60, app: "org.example.Other"), session: "s")
        #expect(try await table.remove(app: Self.app, identifiers: ["other"], keeping: []) == 0)
    }

    @Test func whatAGoneHostClaimedIsTakenOverOnceAndALiveHostsIsLeft() async throws {
        let directory = try TemporaryDirectory("unotify-store")
        let (one, two) = try Self.twoTables(directory)
        try await one.add(Self.pending("dead", in: -2), session: "s")
        _ = try await one.claimDue(by: Self.now.addingTimeInterval(-1.5), session: "s", host: "gone", zone: .gmt)
        try await one.add(Self.pending("alive", in: -1), session: "s")
        _ = try await one.claimDue(by: Self.now, session: "s", host: "running", zone: .gmt)
        let found = try await two.takeOver(
            host: "new", session: "s", liveHosts: ["running", "new"], liveSessions: ["s"])
        #expect(found.orphans.map(\.identifier) == ["dead"])
        let again = try await one.takeOver(
            host: "newer", session: "s", liveHosts: ["running", "new", "newer"], liveSessions: ["s"])
        #expect(again.orphans.isEmpty)
        // The new host ends the claim once the server has it; the gone one cannot.
        #expect(!(try await one.finish(Self.pending("dead", in: -2), host: "gone")))
        #expect(try await two.finish(Self.pending("dead", in: -2), host: "new"))
    }

    @Test func aSessionWithNoHostLeftIsAdoptedOnlyWhenOtherSessionsAreLookedAt() async throws {
        let directory = try TemporaryDirectory("unotify-store")
        let table = PendingTable(database: try AgentDatabase(directory: directory.url))
        try await table.add(Self.pending("X", in: 20), session: "ended")
        try await table.add(Self.pending("Y", in: 30), session: "running")
        let ownOnly = try await table.takeOver(host: "h", session: "mine", liveHosts: ["h"], liveSessions: nil)
        #expect(ownOnly.adopted == 0)
        let all = try await table.takeOver(
            host: "h", session: "mine", liveHosts: ["h"], liveSessions: ["mine", "running"])
        #expect(all.adopted == 1)
        #expect(try await table.nextFireDate(session: "mine") == Self.now.timeIntervalSince1970 + 20)
        #expect(try await table.nextFireDate(session: "running") == Self.now.timeIntervalSince1970 + 30)
    }

    /// A daily 09:00 without a zone: next due `in` seconds from `now`.
    static func floatingNine(_ identifier: String, dueIn seconds: Double) -> PendingNotification {
        PendingNotification(
            app: app, request: DeliveryRequest(identifier: identifier, title: identifier),
            trigger: .calendar(components: CalendarMatch(hour: 9, minute: 0), repeats: true),
            anchor: now.timeIntervalSince1970 - 86_400, nextFireDate: now.timeIntervalSince1970 + seconds)
    }

    @Test func floatingCalendarMatchesFollowANewZoneAndOneDueStaysDue() async throws {
        let directory = try TemporaryDirectory("unotify-store")
        let table = PendingTable(database: try AgentDatabase(directory: directory.url))
        let utc = try #require(TimeZone(identifier: "Etc/UTC"))
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let next = try #require(
            calendar.nextDate(after: Self.now, matching: DateComponents(hour: 9, minute: 0), matchingPolicy: .nextTime))
        let ahead = Self.floatingNine("ahead", dueIn: next.timeIntervalSince(Self.now))
        let missed = Self.floatingNine("missed", dueIn: next.timeIntervalSince(Self.now) - 86_400)
        #expect(!(try await table.follow(zone: utc, now: Self.now)))  // the first zone is only noted
        try await table.add(ahead, session: "s")
        try await table.add(missed, session: "s")
        #expect(!(try await table.follow(zone: utc, now: Self.now)))
        #expect(try await table.follow(zone: tokyo, now: Self.now))
        calendar.timeZone = tokyo
        let inTokyo = try #require(
            calendar.nextDate(after: Self.now, matching: DateComponents(hour: 9, minute: 0), matchingPolicy: .nextTime))
        let dates = Dictionary(
            uniqueKeysWithValues: try await table.pending(app: Self.app).map { ($0.identifier, $0.fireDate) })
        #expect(dates["ahead"] == inTokyo)
        #expect(dates["missed"] == missed.fireDate)
    }
}

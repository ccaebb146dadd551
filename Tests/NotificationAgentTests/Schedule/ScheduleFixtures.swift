import Foundation
import Testing
import UserNotifications
@testable import NotificationAgent

/// Dates, time zones and pending notifications for the schedule tests. Expected instants are
/// written with explicit UTC offsets (`2025-03-30T08:30:00+02:00`), so that they do not depend
/// on the calendar code under test.
enum ScheduleFixtures {
    /// The instant an ISO 8601 timestamp with an offset names; records an issue and returns
    /// `.distantPast` (which no expectation matches) when it does not parse.
    static func instant(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        Issue.record("cannot parse \(text)", sourceLocation: sourceLocation)
        return .distantPast
    }

    /// The time zone `identifier`; records an issue and returns UTC when it is unknown.
    static func zone(_ identifier: String, sourceLocation: SourceLocation = #_sourceLocation) -> TimeZone {
        if let zone = TimeZone(identifier: identifier) { return zone }
        Issue.record("unknown time zone \(identifier)", sourceLocation: sourceLocation)
        return TimeZone(secondsFromGMT: 0) ?? .current
    }

    /// UTC.
    static var utc: TimeZone { zone("UTC") }

    /// The first `count` dates of `trigger` after `start`, each computed from the one before:
    /// what a repeating trigger fires at.
    static func dates(
        of trigger: ScheduledTrigger, after start: Date, in timeZone: TimeZone, count: Int
    ) -> [Date] {
        var result: [Date] = []
        var date = start
        while result.count < count, let next = trigger.nextFireDate(after: date, calendarTimeZone: timeZone) {
            result.append(next)
            date = next
        }
        return result
    }

    /// A pending notification of `app` with `identifier`, firing at `fireDate` (seconds since
    /// 1970), added at `anchor`, with `trigger` (by default a one-shot interval from the anchor).
    static func pending(
        _ app: String, _ identifier: String, fireDate: Double, anchor: Double = 1_000_000_000,
        trigger: ScheduledTrigger? = nil, title: String = "Title"
    ) -> PendingNotification {
        PendingNotification(
            app: app, request: DeliveryRequest(identifier: identifier, title: title),
            trigger: trigger ?? .timeInterval(seconds: max(fireDate - anchor, 1), repeats: false),
            anchor: anchor, nextFireDate: fireDate)
    }
}

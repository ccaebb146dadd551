import Foundation
import NotificationAgentClient

/// When a pending notification fires, in the scheduler's vocabulary: after a number of seconds,
/// or at the dates that match some calendar fields; once, or again at every later date.
///
/// The Apple surface's `UNTimeIntervalNotificationTrigger` and `UNCalendarNotificationTrigger`
/// become these; the rules are iOS's: an interval is more than 0 seconds, and at least 60 when
/// it repeats.
package enum ScheduledTrigger: Codable, Hashable, Sendable {
    /// Fires `seconds` after the notification is added, and every `seconds` after that when
    /// `repeats`.
    case timeInterval(seconds: Double, repeats: Bool)
    /// Fires at the next date matching `components`, and at every later match when `repeats`.
    /// (Boxed: the match is large, and most pending notifications do not have one.)
    indirect case calendar(components: CalendarMatch, repeats: Bool)

    /// The shortest interval of a repeating time-interval trigger, as on iOS.
    package static let minimumRepeatingInterval: Double = 60

    /// Whether the trigger fires again after its first date.
    package var repeats: Bool {
        switch self {
        case .timeInterval(_, let repeats), .calendar(_, let repeats): return repeats
        }
    }

    /// The calendar fields of a calendar trigger that has no time zone of its own (it follows
    /// the scheduler's time zone); `nil` for other triggers.
    package var floatingCalendarMatch: CalendarMatch? {
        guard case .calendar(let components, _) = self, components.timeZoneIdentifier == nil else { return nil }
        return components
    }

    /// Throws a `ScheduleError` saying which rule the trigger breaks: an interval that is not a
    /// finite number above 0 or is more than `TriggerRecord.maximumSeconds`, a repeating interval under 60 seconds, or a calendar match that
    /// can never occur (see `CalendarMatch.validate()`).
    package func validate() throws(ScheduleError) {
        switch self {
        case .timeInterval(let seconds, let repeats):
            guard seconds.isFinite, seconds > 0 else { throw ScheduleError(.intervalNotPositive(seconds)) }
            guard seconds <= TriggerRecord.maximumSeconds else { throw ScheduleError(.tooFar(seconds)) }
            if repeats, seconds < Self.minimumRepeatingInterval {
                throw ScheduleError(.repeatingIntervalTooShort(seconds))
            }
        case .calendar(let components, _):
            try components.validate()
        }
    }

    /// The trigger's next date counted from `date`, or `nil` when there is none (an invalid
    /// trigger, or calendar dates all in the past).
    ///
    /// - a time interval: `date` plus the interval (`date` is when the notification was added,
    ///   or when it last fired);
    /// - a calendar match: the first matching date strictly after `date`, in the match's own
    ///   time zone or else `calendarTimeZone` (see `CalendarMatch.nextDate(after:in:)` for
    ///   daylight-saving gaps, repeated times and days a month lacks).
    ///
    /// Calling it again with the date it returned gives the following date: consecutive
    /// matches, or consecutive intervals.
    package func nextFireDate(after date: Date, calendarTimeZone: TimeZone) -> Date? {
        nextFireDate(after: date, anchor: date, calendarTimeZone: calendarTimeZone)
    }

    /// The trigger's first date strictly after `date`, for a notification added at `anchor`;
    /// `nil` when there is none.
    ///
    /// A time interval fires at `anchor` plus a whole number (at least one) of intervals: once
    /// at `anchor + seconds` (`nil` if that is not after `date`), or, repeating, at the first
    /// such date after `date`, so a repeating interval keeps its phase however late it is
    /// asked. A calendar match fires at its first match after both `anchor` and `date`; only
    /// once if it does not repeat (`nil` if that first match is not after `date`).
    package func nextFireDate(after date: Date, anchor: Date, calendarTimeZone: TimeZone) -> Date? {
        switch self {
        case .timeInterval(let seconds, let repeats):
            // try?: an invalid trigger never fires (nil); add(_:) reports the error itself
            guard (try? validate()) != nil else { return nil }
            let first = anchor.addingTimeInterval(seconds)
            if first > date { return first }
            guard repeats else { return nil }
            var periods = (date.timeIntervalSince(anchor) / seconds).rounded(.down) + 1
            var next = anchor.addingTimeInterval(periods * seconds)
            while next <= date {
                periods += 1
                next = anchor.addingTimeInterval(periods * seconds)
            }
            return next
        case .calendar(let components, let repeats):
            guard let timeZone = components.timeZone(floating: calendarTimeZone) else { return nil }
            if repeats { return components.nextDate(after: max(anchor, date), in: timeZone) }
            guard let first = components.nextDate(after: anchor, in: timeZone), first > date else { return nil }
            return first
        }
    }
}

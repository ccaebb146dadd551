import NotificationAgentClient

/// Why a trigger or a pending notification cannot be scheduled. The description says which rule
/// was broken and how to fix it.
package struct ScheduleError: Error, CustomStringConvertible, Hashable, Sendable {
    /// What went wrong.
    package enum Reason: Hashable, Sendable {
        /// A time interval that is not more than zero (or is not finite): the interval.
        case intervalNotPositive(Double)
        /// A repeating time interval under `ScheduledTrigger.minimumRepeatingInterval`.
        case repeatingIntervalTooShort(Double)
        /// A calendar match with no field that places a date or time.
        case noCalendarField
        /// A calendar field outside its range: the field's name, its value and the range.
        case fieldOutOfRange(field: String, value: Int, range: ClosedRange<Int>)
        /// A time zone identifier that the system's time zone database does not know.
        case unknownTimeZone(String)
        /// A calendar match that no date can satisfy (February 30, 2025-01-01 on a Monday);
        /// the string says why.
        case neverMatches(String)
        /// A trigger that could fire in principle but has no date after the given one (a year
        /// in the past).
        case noFutureDate
        /// A trigger whose interval, or first date, is further ahead than
        /// `TriggerRecord.maximumSeconds` (100 years): the seconds.
        case tooFar(Double)
        /// A request with vendor hints: the schedule does not keep them.
        case hintsNotKept
    }

    /// What went wrong.
    package var reason: Reason

    /// An error for `reason`.
    package init(_ reason: Reason) {
        self.reason = reason
    }

    /// What went wrong and how to fix it, in one sentence or two.
    package var description: String {
        switch reason {
        case .intervalNotPositive(let seconds):
            return "the time interval is \(seconds) seconds: it must be a finite number greater than 0."
        case .repeatingIntervalTooShort(let seconds):
            return "a repeating time interval is \(seconds) seconds: it must be at least "
                + "\(Int(ScheduledTrigger.minimumRepeatingInterval)) seconds (as on iOS), or not repeat."
        case .noCalendarField:
            return "the calendar trigger sets no date or time field: set at least one, such as hour and minute."
        case .fieldOutOfRange(let field, let value, let range):
            return "the calendar trigger's \(field) is \(value): it must be from \(range.lowerBound) "
                + "to \(range.upperBound)."
        case .unknownTimeZone(let identifier):
            return "the calendar trigger's time zone \(identifier.debugDescription) is not a known time zone "
                + "identifier: use one from the tz database, such as \"Europe/Paris\"."
        case .neverMatches(let why):
            return "the calendar trigger can never fire: \(why)."
        case .noFutureDate:
            return "the trigger has no date in the future: its dates are all in the past."
        case .hintsNotKept:
            return
                "a scheduled notification cannot carry vendor hints (they are not kept): deliver it now, or without hints."
        case .tooFar(let seconds):
            return "the trigger is \(seconds) seconds ahead: it can be at most 100 years "
                + "(\(Int64(TriggerRecord.maximumSeconds)) seconds) ahead."
        }
    }
}

import Foundation

/// Delivers a notification at the next date matching some date components, once or on every
/// match.
///
/// On Linux the components are matched by the agent's scheduler, and `nextTriggerDate()` gives
/// the date it will fire: a day a month lacks ("day 31", "February 29") is skipped until a
/// month or year has it, a time in a daylight-saving gap fires that much after the gap, and a
/// time that occurs twice fires once. The
/// calendar is the components' `calendar` or `Calendar.current`; the time zone the components'
/// `timeZone`, else the calendar's, else `TimeZone.current` (which follows `TZ` on Linux).
///
/// On Apple platforms components that never match are accepted and never fire. On Linux adding
/// such a request fails with ``UNError`` `.notificationInvalidNoDate`.
open class UNCalendarNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The components a date must match.
    public let dateComponents: DateComponents

    /// Creates a trigger that fires at the next date matching `dateComponents`.
    ///
    /// - Parameters:
    ///   - dateComponents: For example hour 8 and minute 30 for every day at 08:30.
    ///   - repeats: Whether to fire again at every later match.
    public convenience init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.init(dateComponents: dateComponents, repeats: repeats)
    }

    package init(dateComponents: DateComponents, repeats: Bool) {
        self.dateComponents = dateComponents
        super.init(repeats: repeats)
    }

    /// Reads a trigger archived by `encode(with:)`; `nil` when the components are missing.
    public required init?(coder: NSCoder) {
        guard let components = coder.decodeObjectIfPresent(of: NSDateComponents.self, forKey: "dateComponents") else {
            return nil
        }
        self.dateComponents = components as DateComponents
        super.init(coder: coder)
    }

    /// Archives the components (with their calendar and time zone) and the repetition.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(dateComponents as NSDateComponents, forKey: "dateComponents")
    }

    /// The next date the trigger fires, or `nil` when none matches.
    open func nextTriggerDate() -> Date? {
        nextTriggerDate(after: Date())
    }

    /// The first matching date strictly after `date`, or `nil` when none matches.
    package func nextTriggerDate(after date: Date) -> Date? {
        guard hasDateFields, let record = TriggerRecord(self) else { return nil }
        return ScheduledTrigger(record).nextFireDate(after: date, calendarTimeZone: calendar.timeZone)
    }

    /// The calendar the components are matched in, with the time zone set.
    package var calendar: Calendar {
        var calendar = dateComponents.calendar ?? Calendar.current
        if let timeZone = dateComponents.timeZone { calendar.timeZone = timeZone }
        return calendar
    }

    /// Whether any component that places a date is set.
    private var hasDateFields: Bool {
        let c = dateComponents
        let fields: [Int?] = [
            c.era, c.year, c.month, c.day, c.hour, c.minute, c.second, c.nanosecond, c.weekday,
            c.weekdayOrdinal, c.quarter, c.weekOfMonth, c.weekOfYear, c.yearForWeekOfYear,
        ]
        return fields.contains { $0 != nil }
    }

    /// Why this trigger can never fire: no date components, or no matching date after now.
    package override func validationError() -> UNError? {
        guard hasDateFields else {
            return UNError(
                .notificationInvalidNoDate,
                "UNCalendarNotificationTrigger's dateComponents set no date or time field: set at least one, such as hour and minute."
            )
        }
        guard nextTriggerDate(after: Date()) != nil else {
            return UNError(
                .notificationInvalidNoDate,
                "UNCalendarNotificationTrigger's dateComponents \(dateComponents) match no date after now: check for a date in the past or one that does not exist."
            )
        }
        return nil
    }

    /// Triggers are equal when components and repetition are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNCalendarNotificationTrigger else { return false }
        return dateComponents == other.dateComponents && repeats == other.repeats
    }

    /// A hash of the components and repetition.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(dateComponents)
        hasher.combine(repeats)
        return hasher.finalize()
    }
}

import Foundation

/// The date and time fields a calendar trigger matches, in the Gregorian calendar: every field
/// that is set must match, fields that are not set match anything, and time fields below the
/// smallest one set match their minimum ("hour 8" is 08:00:00 every day, "minute 30" is
/// hh:30:00 every hour).
///
/// `weekday` counts from 1 (Sunday) to 7 (Saturday), as `Calendar` does. The fields are
/// matched in `timeZoneIdentifier`'s time zone when it is set, else in the time zone the
/// scheduler is given (a *floating* match, which follows the user's time zone).
package struct CalendarMatch: Codable, Hashable, Sendable {
    /// The year, 1 to 9999.
    package var year: Int?
    /// The month, 1 to 12.
    package var month: Int?
    /// The day of the month, 1 to 31; a month that does not have that day never matches.
    package var day: Int?
    /// The hour, 0 to 23.
    package var hour: Int?
    /// The minute, 0 to 59.
    package var minute: Int?
    /// The second, 0 to 59.
    package var second: Int?
    /// The day of the week, 1 (Sunday) to 7 (Saturday).
    package var weekday: Int?
    /// A tz database identifier such as `"Europe/Paris"`; `nil` matches in the scheduler's time
    /// zone.
    package var timeZoneIdentifier: String?

    /// A match of the given fields; `nil` fields match anything.
    package init(
        year: Int? = nil, month: Int? = nil, day: Int? = nil, hour: Int? = nil, minute: Int? = nil,
        second: Int? = nil, weekday: Int? = nil, timeZoneIdentifier: String? = nil
    ) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.weekday = weekday
        self.timeZoneIdentifier = timeZoneIdentifier
    }

    /// The valid range of each field, by name, in the order of `fields`.
    package static let ranges: [(name: String, range: ClosedRange<Int>)] = [
        ("year", 1...9999), ("month", 1...12), ("day", 1...31), ("hour", 0...23),
        ("minute", 0...59), ("second", 0...59), ("weekday", 1...7),
    ]

    /// The fields' values in the order of `ranges`: year, month, day, hour, minute, second,
    /// weekday.
    package var fields: [Int?] { [year, month, day, hour, minute, second, weekday] }

    /// Whether any field that places a date or time is set.
    package var hasField: Bool { fields.contains { $0 != nil } }

    /// The time zone the fields are matched in: `timeZoneIdentifier`'s, else `floating`; `nil`
    /// when the identifier is not a known time zone.
    package func timeZone(floating: TimeZone) -> TimeZone? {
        guard let identifier = timeZoneIdentifier else { return floating }
        return TimeZone(identifier: identifier)
    }

    /// The fields as `DateComponents` (no calendar, no time zone), for `Calendar.nextDate`.
    package var dateComponents: DateComponents {
        DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second, weekday: weekday)
    }
}

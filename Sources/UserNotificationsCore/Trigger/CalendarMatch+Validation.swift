import Foundation

extension CalendarMatch {
    /// The names of the weekdays, Sunday first, for messages.
    private static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// Throws unless some date can match: at least one field set, every field in its range, a
    /// known time zone, a day that the month has (February 29 counts: leap years have it), and,
    /// when the year is set, a day of that year with the month, day and weekday asked for.
    ///
    /// A year in the past passes: whether a date is still to come depends on when one asks
    /// (`ScheduledTrigger.nextFireDate(after:calendarTimeZone:)` returns `nil` then).
    package func validate() throws(ScheduleError) {
        guard hasField else { throw ScheduleError(.noCalendarField) }
        for ((name, range), value) in zip(Self.ranges, fields) {
            if let value, !range.contains(value) {
                throw ScheduleError(.fieldOutOfRange(field: name, value: value, range: range))
            }
        }
        if let identifier = timeZoneIdentifier, TimeZone(identifier: identifier) == nil {
            throw ScheduleError(.unknownTimeZone(identifier))
        }
        if let month, let day, day > GregorianDays.daysIn(month: month, leap: true) {
            throw ScheduleError(.neverMatches("month \(month) never has a day \(day)"))
        }
        if let year, !yearHasMatchingDay(year) {
            throw ScheduleError(.neverMatches("no day of \(year) is \(dateDescription)"))
        }
    }

    /// Whether some day of `year` has the month, day and weekday of this match.
    private func yearHasMatchingDay(_ year: Int) -> Bool {
        let leap = GregorianDays.isLeap(year)
        for candidateMonth in 1...12 where month == nil || month == candidateMonth {
            for candidateDay in 1...GregorianDays.daysIn(month: candidateMonth, leap: leap)
            where day == nil || day == candidateDay {
                if weekday == nil
                    || weekday == GregorianDays.weekday(year: year, month: candidateMonth, day: candidateDay)
                {
                    return true
                }
            }
        }
        return false
    }

    /// The date fields in words: "month 2, day 29, a Monday".
    private var dateDescription: String {
        var parts: [String] = []
        if let month { parts.append("month \(month)") }
        if let day { parts.append("day \(day)") }
        if let weekday { parts.append("a \(Self.weekdayNames[weekday - 1])") }
        return parts.joined(separator: ", ")
    }
}

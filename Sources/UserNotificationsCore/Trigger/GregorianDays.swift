/// Day arithmetic of the proleptic Gregorian calendar, without Foundation: leap years, month
/// lengths and weekdays. Used to tell a calendar match that can never occur before asking
/// `Calendar` for dates.
package enum GregorianDays {
    /// Whether `year` is a leap year (divisible by 4, except centuries not divisible by 400).
    package static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days of `month` (1 to 12), in a leap year when `leap` is true.
    package static func daysIn(month: Int, leap: Bool) -> Int {
        switch month {
        case 2: return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The weekday of a date, 1 (Sunday) to 7 (Saturday) as `Calendar` counts.
    package static func weekday(year: Int, month: Int, day: Int) -> Int {
        // Days since 1970-01-01 (a Thursday), from Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let sinceSunday = ((days + 4) % 7 + 7) % 7
        return sinceSunday + 1
    }
}

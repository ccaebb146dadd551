import Foundation

extension CalendarMatch {
    /// How many candidates `nextDate(after:in:)` looks at before giving up. Foundation offers a
    /// date that does not match (May 1 for "day 31" after April 1) at most once per month or
    /// year that lacks the day; February 29 on a given weekday recurs within 40 years.
    private static let candidateLimit = 1_000

    /// The first date strictly after `date` that matches, in `timeZone`; `nil` when there is
    /// none (a year in the past, or a match that `validate()` rejects).
    ///
    /// Dates come from a Gregorian `Calendar` in `timeZone` with
    /// `.nextTimePreservingSmallerComponents` and `.first` for repeated times, then are
    /// checked, because that policy also offers dates that do not match:
    /// - a time in a daylight-saving gap (02:30 on the night clocks go from 02:00 to 03:00)
    ///   fires that much after the gap (03:30), on that day;
    /// - a time that occurs twice (01:30 on the night New York goes back from 02:00 to 01:00)
    ///   fires at the first one only;
    /// - a day the month does not have (day 31 in April, February 29 in 2025) is skipped: the
    ///   match fires only in months and years that have the day, never on the 1st instead.
    package func nextDate(after date: Date, in timeZone: TimeZone) -> Date? {
        // try?: an invalid match never fires (nil); add(_:) reports the error itself
        guard hasField, (try? validate()) != nil else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = dateComponents
        var start = date
        for _ in 0..<Self.candidateLimit {
            guard
                let candidate = calendar.nextDate(
                    after: start, matching: components, matchingPolicy: .nextTimePreservingSmallerComponents,
                    repeatedTimePolicy: .first, direction: .forward)
            else { return nil }
            if accepts(candidate, in: calendar) { return candidate }
            if let year, calendar.component(.year, from: candidate) > year { return nil }
            start = candidate
        }
        return nil
    }

    /// Whether `candidate`, which `Calendar` offered, is a true match: its year, month, day and
    /// weekday are the ones asked for, and its time is either the one asked for or, when that
    /// time does not exist on that day (a daylight-saving gap), the one after the gap.
    private func accepts(_ candidate: Date, in calendar: Calendar) -> Bool {
        let found = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: candidate)
        let dateFields: [(Int?, Int?)] = [
            (year, found.year), (month, found.month), (day, found.day), (weekday, found.weekday),
        ]
        guard dateFields.allSatisfy({ wanted, got in wanted == nil || wanted == got }) else { return false }
        let timeFields: [(Int?, Int?)] = [(hour, found.hour), (minute, found.minute), (second, found.second)]
        if timeFields.allSatisfy({ wanted, got in wanted == nil || wanted == got }) { return true }
        return !wallTimeExists(on: found, in: calendar)
    }

    /// Whether this match's hour, minute and second exist as a wall-clock time on the day of
    /// `day` (false in a daylight-saving gap).
    private func wallTimeExists(on day: DateComponents, in calendar: Calendar) -> Bool {
        var wanted = DateComponents(year: day.year, month: day.month, day: day.day)
        wanted.hour = hour ?? 0
        wanted.minute = minute ?? 0
        wanted.second = second ?? 0
        guard let date = calendar.date(from: wanted) else { return false }
        let back = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return back.year == wanted.year && back.month == wanted.month && back.day == wanted.day
            && back.hour == wanted.hour && back.minute == wanted.minute && back.second == wanted.second
    }
}

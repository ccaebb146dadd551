import Foundation
import Testing
import UserNotifications
@testable import NotificationAgent

/// Trigger arithmetic, pure: fixed time zones, fixed instants, no clock.
@Suite(.timeLimit(.minutes(1))) struct ScheduleTriggerTests {
    private typealias F = ScheduleFixtures

    private func daily(_ hour: Int, _ minute: Int, zone: String? = nil) -> ScheduledTrigger {
        .calendar(components: CalendarMatch(hour: hour, minute: minute, timeZoneIdentifier: zone), repeats: true)
    }

    // MARK: Daylight-saving time

    @Test func dailyAcrossParisSpringForward() {
        // 2025-03-30 02:00 CET → 03:00 CEST.
        let dates = F.dates(
            of: daily(8, 30), after: F.instant("2025-03-28T12:00:00+01:00"), in: F.zone("Europe/Paris"), count: 3)
        #expect(
            dates == [
                F.instant("2025-03-29T08:30:00+01:00"), F.instant("2025-03-30T08:30:00+02:00"),
                F.instant("2025-03-31T08:30:00+02:00"),
            ])
        #expect(dates.count == 3 && dates[1].timeIntervalSince(dates[0]) == 23 * 3600)
    }

    @Test func dailyAcrossParisFallBack() {
        // 2025-10-26 03:00 CEST → 02:00 CET.
        let dates = F.dates(
            of: daily(8, 30), after: F.instant("2025-10-24T12:00:00+02:00"), in: F.zone("Europe/Paris"), count: 3)
        #expect(
            dates == [
                F.instant("2025-10-25T08:30:00+02:00"), F.instant("2025-10-26T08:30:00+01:00"),
                F.instant("2025-10-27T08:30:00+01:00"),
            ])
        #expect(dates.count == 3 && dates[1].timeIntervalSince(dates[0]) == 25 * 3600)
    }

    @Test func dailyAcrossNewYorkChanges() {
        let newYork = F.zone("America/New_York")
        // 2025-03-09 02:00 EST → 03:00 EDT.
        #expect(
            F.dates(of: daily(8, 30), after: F.instant("2025-03-08T09:00:00-05:00"), in: newYork, count: 2) == [
                F.instant("2025-03-09T08:30:00-04:00"), F.instant("2025-03-10T08:30:00-04:00"),
            ])
        // 2025-11-02 02:00 EDT → 01:00 EST.
        #expect(
            F.dates(of: daily(8, 30), after: F.instant("2025-11-01T09:00:00-04:00"), in: newYork, count: 2) == [
                F.instant("2025-11-02T08:30:00-05:00"), F.instant("2025-11-03T08:30:00-05:00"),
            ])
    }

    @Test func timeInTheSpringGapFiresAfterTheGapThatDay() {
        // 02:30 does not exist on 2025-03-30 in Paris, nor on 2025-03-09 in New York.
        #expect(
            F.dates(
                of: daily(2, 30), after: F.instant("2025-03-29T12:00:00+01:00"), in: F.zone("Europe/Paris"), count: 2)
                == [
                    F.instant("2025-03-30T03:30:00+02:00"), F.instant("2025-03-31T02:30:00+02:00"),
                ])
        #expect(
            F.dates(
                of: daily(2, 30), after: F.instant("2025-03-08T12:00:00-05:00"), in: F.zone("America/New_York"),
                count: 2) == [
                    F.instant("2025-03-09T03:30:00-04:00"), F.instant("2025-03-10T02:30:00-04:00"),
                ])
    }

    @Test func timeThatOccursTwiceFiresOnce() {
        // 01:30 happens twice on 2025-11-02 in New York: it fires at the first only.
        let dates = F.dates(
            of: daily(1, 30), after: F.instant("2025-11-01T12:00:00-04:00"), in: F.zone("America/New_York"), count: 2)
        #expect(dates == [F.instant("2025-11-02T01:30:00-04:00"), F.instant("2025-11-03T01:30:00-05:00")])
    }

    // MARK: Month ends, leap days, weekdays, years

    @Test func dayThirtyOneSkipsShortMonths() {
        let trigger = ScheduledTrigger.calendar(components: CalendarMatch(day: 31, hour: 10), repeats: true)
        let dates = F.dates(of: trigger, after: F.instant("2025-04-01T00:00:00Z"), in: F.utc, count: 7)
        #expect(
            dates
                == [
                    "2025-05-31", "2025-07-31", "2025-08-31", "2025-10-31", "2025-12-31", "2026-01-31", "2026-03-31",
                ].map { F.instant($0 + "T10:00:00Z") })
    }

    @Test func dayThirtyInFebruaryIsInvalidAndThirtyOneOfAprilToo() {
        for (month, day) in [(2, 30), (2, 31), (4, 31), (6, 31), (9, 31), (11, 31)] {
            let match = CalendarMatch(month: month, day: day)
            #expect(throws: ScheduleError(.neverMatches("month \(month) never has a day \(day)"))) {
                try match.validate()
            }
            #expect(match.nextDate(after: F.instant("2025-01-01T00:00:00Z"), in: F.utc) == nil)
        }
    }

    @Test func februaryTwentyNinthOnlyInLeapYears() {
        let trigger = ScheduledTrigger.calendar(components: CalendarMatch(month: 2, day: 29, hour: 9), repeats: true)
        #expect(
            F.dates(of: trigger, after: F.instant("2025-03-01T00:00:00Z"), in: F.utc, count: 3) == [
                F.instant("2028-02-29T09:00:00Z"), F.instant("2032-02-29T09:00:00Z"), F.instant("2036-02-29T09:00:00Z"),
            ])
        // 2100 is not a leap year (a century not divisible by 400); 2000 was.
        #expect(
            F.dates(of: trigger, after: F.instant("2097-01-01T00:00:00Z"), in: F.utc, count: 1) == [
                F.instant("2104-02-29T09:00:00Z")
            ])
        #expect(
            F.dates(of: trigger, after: F.instant("1999-01-01T00:00:00Z"), in: F.utc, count: 1) == [
                F.instant("2000-02-29T09:00:00Z")
            ])
    }

    @Test func weekdayMatches() {
        // Every Monday at 09:00; 2025-03-01 is a Saturday.
        let mondays = ScheduledTrigger.calendar(components: CalendarMatch(hour: 9, weekday: 2), repeats: true)
        #expect(
            F.dates(of: mondays, after: F.instant("2025-03-01T00:00:00Z"), in: F.utc, count: 3) == [
                F.instant("2025-03-03T09:00:00Z"), F.instant("2025-03-10T09:00:00Z"), F.instant("2025-03-17T09:00:00Z"),
            ])
        // Friday the 13th.
        let friday13 = ScheduledTrigger.calendar(components: CalendarMatch(day: 13, weekday: 6), repeats: true)
        #expect(
            F.dates(of: friday13, after: F.instant("2025-03-01T00:00:00Z"), in: F.utc, count: 4)
                == [
                    "2025-06-13", "2026-02-13", "2026-03-13", "2026-11-13",
                ].map { F.instant($0 + "T00:00:00Z") })
        // February 29 on a Monday: 2044 (Foundation offers March 1 of 2027 and 2038 first).
        let leapMonday = ScheduledTrigger.calendar(
            components: CalendarMatch(month: 2, day: 29, hour: 9, weekday: 2), repeats: true)
        #expect(
            F.dates(of: leapMonday, after: F.instant("2025-03-01T00:00:00Z"), in: F.utc, count: 1) == [
                F.instant("2044-02-29T09:00:00Z")
            ])
    }

    @Test func yearlyInTheMatchsOwnTimeZone() {
        // Christmas 08:00 in Paris, whatever the scheduler's time zone.
        let christmas = ScheduledTrigger.calendar(
            components: CalendarMatch(month: 12, day: 25, hour: 8, timeZoneIdentifier: "Europe/Paris"), repeats: true)
        #expect(
            F.dates(of: christmas, after: F.instant("2025-06-01T00:00:00Z"), in: F.zone("America/New_York"), count: 3)
                == [
                    "2025", "2026", "2027",
                ].map { F.instant($0 + "-12-25T08:00:00+01:00") })
    }

    @Test func floatingMatchUsesTheGivenTimeZone() {
        let trigger = daily(8, 30)
        let after = F.instant("2025-06-01T00:00:00Z")
        #expect(
            trigger.nextFireDate(after: after, calendarTimeZone: F.zone("Europe/Paris"))
                == F.instant("2025-06-01T08:30:00+02:00"))
        #expect(
            trigger.nextFireDate(after: after, calendarTimeZone: F.zone("Asia/Tokyo"))
                == F.instant("2025-06-02T08:30:00+09:00"))
        #expect(
            trigger.nextFireDate(after: after, calendarTimeZone: F.zone("America/New_York"))
                == F.instant("2025-06-01T08:30:00-04:00"))
    }

    @Test func fixedYearFiresOnceThenNever() {
        let match = CalendarMatch(year: 2027, month: 1, day: 1, hour: 0, timeZoneIdentifier: "UTC")
        let trigger = ScheduledTrigger.calendar(components: match, repeats: true)
        #expect(
            F.dates(of: trigger, after: F.instant("2025-01-01T00:00:00Z"), in: F.utc, count: 5) == [
                F.instant("2027-01-01T00:00:00Z")
            ])
        #expect(trigger.nextFireDate(after: F.instant("2028-01-01T00:00:00Z"), calendarTimeZone: F.utc) == nil)
    }

    @Test func smallerFieldsDefaultToTheirMinimumAndLargerOnesRepeat() {
        let everyMinute = ScheduledTrigger.calendar(components: CalendarMatch(second: 10), repeats: true)
        #expect(
            F.dates(of: everyMinute, after: F.instant("2025-03-01T00:00:00Z"), in: F.utc, count: 2) == [
                F.instant("2025-03-01T00:00:10Z"), F.instant("2025-03-01T00:01:10Z"),
            ])
        let eightOClock = ScheduledTrigger.calendar(components: CalendarMatch(hour: 8), repeats: true)
        #expect(
            F.dates(of: eightOClock, after: F.instant("2025-03-01T00:00:00Z"), in: F.utc, count: 2) == [
                F.instant("2025-03-01T08:00:00Z"), F.instant("2025-03-02T08:00:00Z"),
            ])
    }

    @Test func nextDateIsStrictlyAfter() {
        let trigger = daily(8, 30, zone: "UTC")
        #expect(
            trigger.nextFireDate(after: F.instant("2025-03-01T08:30:00Z"), calendarTimeZone: F.utc)
                == F.instant("2025-03-02T08:30:00Z"))
        #expect(
            trigger.nextFireDate(after: F.instant("2025-03-01T08:29:59.500Z"), calendarTimeZone: F.utc)
                == F.instant("2025-03-01T08:30:00Z"))
        #expect(
            trigger.nextFireDate(after: F.instant("2025-03-01T08:30:00.250Z"), calendarTimeZone: F.utc)
                == F.instant("2025-03-02T08:30:00Z"))
    }

    @Test func nonRepeatingCalendarCountsFromItsAnchor() {
        let once = ScheduledTrigger.calendar(
            components: CalendarMatch(hour: 8, timeZoneIdentifier: "UTC"), repeats: false)
        let anchor = F.instant("2025-03-01T00:00:00Z")
        #expect(
            once.nextFireDate(after: anchor, anchor: anchor, calendarTimeZone: F.utc)
                == F.instant("2025-03-01T08:00:00Z"))
        #expect(
            once.nextFireDate(after: F.instant("2025-03-01T09:00:00Z"), anchor: anchor, calendarTimeZone: F.utc) == nil)
    }

    // MARK: Time intervals

    @Test func timeIntervalCountsFromTheDateGiven() {
        let start = Date(timeIntervalSince1970: 1_800_000_000.25)
        let once = ScheduledTrigger.timeInterval(seconds: 90.5, repeats: false)
        #expect(once.nextFireDate(after: start, calendarTimeZone: F.utc) == start.addingTimeInterval(90.5))
        #expect(once.nextFireDate(after: start.addingTimeInterval(90.5), anchor: start, calendarTimeZone: F.utc) == nil)

        let hourly = ScheduledTrigger.timeInterval(seconds: 3600, repeats: true)
        #expect(
            F.dates(of: hourly, after: start, in: F.utc, count: 3)
                == [1, 2, 3].map { start.addingTimeInterval(Double($0) * 3600) })
        // However late it is asked, it keeps its phase from the anchor.
        #expect(
            hourly.nextFireDate(after: start.addingTimeInterval(3.5 * 3600), anchor: start, calendarTimeZone: F.utc)
                == start.addingTimeInterval(4 * 3600))
        #expect(
            hourly.nextFireDate(after: start.addingTimeInterval(4 * 3600), anchor: start, calendarTimeZone: F.utc)
                == start.addingTimeInterval(5 * 3600))
        #expect(
            hourly.nextFireDate(after: start.addingTimeInterval(-10), anchor: start, calendarTimeZone: F.utc)
                == start.addingTimeInterval(3600))
    }

    @Test func timeIntervalIgnoresDaylightSavingTime() {
        // 24 hours from 12:00 the day before Paris springs forward is 13:00 local the next day.
        let day = ScheduledTrigger.timeInterval(seconds: 86_400, repeats: true)
        let start = F.instant("2025-03-29T12:00:00+01:00")
        #expect(
            day.nextFireDate(after: start, calendarTimeZone: F.zone("Europe/Paris"))
                == F.instant("2025-03-30T13:00:00+02:00"))
    }

    // MARK: Validation

    @Test func validationErrors() {
        let table: [(ScheduledTrigger, ScheduleError.Reason?)] = [
            (.timeInterval(seconds: 0, repeats: false), .intervalNotPositive(0)),
            (.timeInterval(seconds: -5, repeats: false), .intervalNotPositive(-5)),
            (.timeInterval(seconds: .infinity, repeats: false), .intervalNotPositive(.infinity)),
            (.timeInterval(seconds: 0.5, repeats: false), nil),
            (.timeInterval(seconds: 59.9, repeats: true), .repeatingIntervalTooShort(59.9)),
            (.timeInterval(seconds: 60, repeats: true), nil),
            (.calendar(components: CalendarMatch(), repeats: false), .noCalendarField),
            (.calendar(components: CalendarMatch(timeZoneIdentifier: "UTC"), repeats: false), .noCalendarField),
            (
                .calendar(components: CalendarMatch(month: 13), repeats: false),
                .fieldOutOfRange(field: "month", value: 13, range: 1...12)
            ),
            (
                .calendar(components: CalendarMatch(day: 0), repeats: false),
                .fieldOutOfRange(field: "day", value: 0, range: 1...31)
            ),
            (
                .calendar(components: CalendarMatch(hour: 24), repeats: false),
                .fieldOutOfRange(field: "hour", value: 24, range: 0...23)
            ),
            (
                .calendar(components: CalendarMatch(minute: 60), repeats: false),
                .fieldOutOfRange(field: "minute", value: 60, range: 0...59)
            ),
            (
                .calendar(components: CalendarMatch(second: -1), repeats: false),
                .fieldOutOfRange(field: "second", value: -1, range: 0...59)
            ),
            (
                .calendar(components: CalendarMatch(weekday: 8), repeats: false),
                .fieldOutOfRange(field: "weekday", value: 8, range: 1...7)
            ),
            (
                .calendar(components: CalendarMatch(year: 0), repeats: false),
                .fieldOutOfRange(field: "year", value: 0, range: 1...9999)
            ),
            (
                .calendar(components: CalendarMatch(hour: 8, timeZoneIdentifier: "Mars/Olympus"), repeats: false),
                .unknownTimeZone("Mars/Olympus")
            ),
            (
                .calendar(components: CalendarMatch(year: 2025, month: 2, day: 29), repeats: false),
                .neverMatches("no day of 2025 is month 2, day 29")
            ),
            (.calendar(components: CalendarMatch(year: 2024, month: 2, day: 29), repeats: false), nil),
            (.calendar(components: CalendarMatch(month: 2, day: 29), repeats: true), nil),
            // 2025-01-01 is a Wednesday.
            (
                .calendar(components: CalendarMatch(year: 2025, month: 1, day: 1, weekday: 2), repeats: false),
                .neverMatches("no day of 2025 is month 1, day 1, a Monday")
            ),
            (.calendar(components: CalendarMatch(year: 2025, month: 1, day: 1, weekday: 4), repeats: false), nil),
            // No Friday 31st in 2025? There is one: October 31.
            (.calendar(components: CalendarMatch(year: 2025, day: 31, weekday: 6), repeats: false), nil),
        ]
        for (trigger, expected) in table {
            var got: ScheduleError.Reason?
            do throws(ScheduleError) { try trigger.validate() } catch { got = error.reason }
            #expect(got == expected, "\(trigger)")
        }
        let nan = ScheduledTrigger.timeInterval(seconds: .nan, repeats: false)
        #expect(throws: ScheduleError.self) { try nan.validate() }
        #expect(nan.nextFireDate(after: Date(timeIntervalSince1970: 0), calendarTimeZone: F.utc) == nil)
    }

    @Test func errorMessagesSayWhatToDo() {
        let messages = [
            ScheduleError(.intervalNotPositive(0)).description,
            ScheduleError(.repeatingIntervalTooShort(30)).description,
            ScheduleError(.neverMatches("month 2 never has a day 30")).description,
            ScheduleError(.unknownTimeZone("Mars/Olympus")).description,
        ]
        #expect(messages[0].contains("greater than 0"))
        #expect(messages[1].contains("at least 60 seconds"))
        #expect(messages[2] == "the calendar trigger can never fire: month 2 never has a day 30.")
        #expect(messages[3].contains("\"Mars/Olympus\"") && messages[3].contains("Europe/Paris"))
    }

    @Test func pastYearHasNoFutureDate() {
        let request = DeliveryRequest(identifier: "old", title: "Old")
        let trigger = ScheduledTrigger.calendar(components: CalendarMatch(year: 2020, month: 1, day: 1), repeats: false)
        #expect(throws: ScheduleError(.noFutureDate)) {
            try PendingNotification(
                app: "org.example.App", request: request, trigger: trigger, addedAt: F.instant("2025-01-01T00:00:00Z"),
                calendarTimeZone: F.utc)
        }
        #expect(throws: ScheduleError(.intervalNotPositive(0))) {
            try PendingNotification(
                app: "org.example.App", request: request, trigger: .timeInterval(seconds: 0, repeats: false),
                addedAt: F.instant("2025-01-01T00:00:00Z"), calendarTimeZone: F.utc)
        }
    }

    // MARK: Pieces

    @Test func gregorianWeekdaysAgreeWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = F.utc
        var date = F.instant("1899-12-25T00:00:00Z")
        let end = F.instant("2101-01-10T00:00:00Z")
        while date < end {
            let c = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            if let year = c.year, let month = c.month, let day = c.day {
                #expect(
                    GregorianDays.weekday(year: year, month: month, day: day) == c.weekday, "\(year)-\(month)-\(day)")
            }
            date = date.addingTimeInterval(13 * 86_400)
        }
    }

    @Test func triggersRoundTripThroughJSON() throws {
        let triggers: [ScheduledTrigger] = [
            .timeInterval(seconds: 0.125, repeats: false), .timeInterval(seconds: 3600, repeats: true),
            .calendar(components: CalendarMatch(hour: 8, minute: 30), repeats: true),
            .calendar(
                components: CalendarMatch(
                    year: 2030, month: 2, day: 28, hour: 23, minute: 59, second: 59, weekday: 5,
                    timeZoneIdentifier: "Asia/Kolkata"), repeats: false),
        ]
        let data = try JSONEncoder().encode(triggers)
        #expect(try JSONDecoder().decode([ScheduledTrigger].self, from: data) == triggers)
    }
}

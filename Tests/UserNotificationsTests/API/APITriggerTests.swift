import Foundation
import Testing
import UserNotifications

@Suite(.timeLimit(.minutes(1))) struct APITriggerTests {
    let paris: Calendar

    init() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Paris"))
        paris = calendar
    }

    /// The date at this wall-clock time in `calendar` (Paris by default); `.distantPast`, which
    /// no expectation matches, if Foundation cannot make it.
    private func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, in calendar: Calendar? = nil)
        -> Date
    {
        let calendar = calendar ?? paris
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))
            ?? .distantPast
    }

    // MARK: Time interval

    @Test func timeIntervalValidation() {
        let table: [(TimeInterval, Bool, UNError.Code?)] = [
            (0, false, .notificationInvalidNoDate), (-5, false, .notificationInvalidNoDate),
            (.nan, false, .notificationInvalidNoDate), (.infinity, false, .notificationInvalidNoDate),
            (0.5, false, nil), (5, false, nil),
            (59.9, true, .notificationInvalidNoDate), (1, true, .notificationInvalidNoDate),
            (60, true, nil), (3600, true, nil),
        ]
        for (interval, repeats, expected) in table {
            let trigger = UNTimeIntervalNotificationTrigger(timeInterval: interval, repeats: repeats)
            #expect(trigger.timeInterval.isNaN || trigger.timeInterval == interval)
            #expect(trigger.repeats == repeats)
            #expect(trigger.validationError()?.code == expected, "\(interval) repeats \(repeats)")
        }
        let message = UNTimeIntervalNotificationTrigger(timeInterval: 30, repeats: true).validationError()?
            .localizedDescription
        #expect(message?.contains("at least 60 seconds") == true)
        #expect(UNTimeIntervalNotificationTrigger(timeInterval: 0, repeats: false).nextTriggerDate() == nil)
    }

    @Test func timeIntervalNextDate() throws {
        let before = Date()
        let fresh = UNTimeIntervalNotificationTrigger(timeInterval: 5, repeats: false)
        let next = try #require(fresh.nextTriggerDate())
        let after = Date()
        // Five seconds after the trigger was made, whenever that was between the two readings.
        #expect(next >= before.addingTimeInterval(5) && next <= after.addingTimeInterval(5))

        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let once = UNTimeIntervalNotificationTrigger(timeInterval: 300, repeats: false, referenceDate: start)
        #expect(once.nextTriggerDate(after: start) == start.addingTimeInterval(300))
        #expect(once.nextTriggerDate(after: start.addingTimeInterval(300)) == nil)

        let hourly = UNTimeIntervalNotificationTrigger(timeInterval: 3600, repeats: true, referenceDate: start)
        #expect(hourly.nextTriggerDate(after: start) == start.addingTimeInterval(3600))
        #expect(hourly.nextTriggerDate(after: start.addingTimeInterval(3600)) == start.addingTimeInterval(7200))
        #expect(
            hourly.nextTriggerDate(after: start.addingTimeInterval(3 * 3600 + 1)) == start.addingTimeInterval(4 * 3600))
    }

    // MARK: Calendar

    @Test func dailyAtEightThirty() throws {
        var components = DateComponents(hour: 8, minute: 30)
        components.calendar = paris
        let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: true)
        #expect(trigger.dateComponents.hour == 8 && trigger.dateComponents.minute == 30)
        #expect(trigger.repeats)
        let first = try #require(trigger.nextTriggerDate(after: date(2026, 3, 10, 7, 0)))
        #expect(first == date(2026, 3, 10, 8, 30))
        let second = try #require(trigger.nextTriggerDate(after: first))
        #expect(second == date(2026, 3, 11, 8, 30))
        #expect(trigger.nextTriggerDate(after: date(2026, 3, 10, 9, 0)) == date(2026, 3, 11, 8, 30))
        // Across the spring-forward night the wall-clock time is kept: 23 hours apart.
        let beforeDST = date(2026, 3, 28, 9, 0)
        let afterDST = try #require(trigger.nextTriggerDate(after: beforeDST))
        #expect(afterDST == date(2026, 3, 29, 8, 30))
        #expect(paris.component(.hour, from: afterDST) == 8)
    }

    @Test func timeInTheDaylightSavingGapFiresAfterTheGap() throws {
        var components = DateComponents(hour: 2, minute: 30)
        components.calendar = paris
        let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: true)
        let next = try #require(trigger.nextTriggerDate(after: date(2026, 3, 29, 0, 0)))
        #expect(next == date(2026, 3, 29, 3, 30))
    }

    @Test func dayMissingFromAMonthIsSkippedUntilAMonthHasIt() throws {
        var components = DateComponents(day: 31, hour: 10)
        components.calendar = paris
        let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: true)
        let next = try #require(trigger.nextTriggerDate(after: date(2026, 4, 1, 0, 0)))
        #expect(next == date(2026, 5, 31, 10, 0))
    }

    @Test func timeZoneOfTheComponentsWins() throws {
        let newYorkZone = try #require(TimeZone(identifier: "America/New_York"))
        var components = DateComponents(hour: 8, minute: 0)
        components.calendar = paris
        components.timeZone = newYorkZone
        let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
        var newYork = paris
        newYork.timeZone = newYorkZone
        let next = try #require(trigger.nextTriggerDate(after: date(2026, 1, 15, 0, 0, in: newYork)))
        #expect(next == date(2026, 1, 15, 8, 0, in: newYork))
    }

    @Test func withoutCalendarOrTimeZoneTheCurrentOnesApply() throws {
        let trigger = UNCalendarNotificationTrigger(dateMatching: DateComponents(hour: 6), repeats: true)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let expected = Calendar.current.nextDate(
            after: start, matching: DateComponents(hour: 6), matchingPolicy: .nextTimePreservingSmallerComponents)
        #expect(trigger.nextTriggerDate(after: start) == expected)
        #expect(trigger.validationError() == nil)
    }

    @Test func calendarValidation() throws {
        let empty = UNCalendarNotificationTrigger(dateMatching: DateComponents(), repeats: false)
        #expect(empty.validationError()?.code == .notificationInvalidNoDate)
        #expect(empty.nextTriggerDate() == nil)
        var past = DateComponents(year: 2001, month: 1, day: 1, hour: 0)
        past.calendar = paris
        let inThePast = UNCalendarNotificationTrigger(dateMatching: past, repeats: false)
        #expect(inThePast.validationError()?.code == .notificationInvalidNoDate)
        #expect(inThePast.nextTriggerDate() == nil)
        var impossible = DateComponents(month: 2, day: 30)
        impossible.calendar = paris
        let trigger = UNCalendarNotificationTrigger(dateMatching: impossible, repeats: true)
        // February 30 never comes: no fire date, and adding it is refused, whatever Foundation
        // would roll the date over to.
        #expect(trigger.nextTriggerDate() == nil)
        #expect(trigger.validationError()?.code == .notificationInvalidNoDate)
    }

    // MARK: Location and push

    @Test func locationTriggersCannotFireOnLinux() {
        let trigger = UNLocationNotificationTrigger()
        #expect(trigger.repeats == false)
        let error = trigger.validationError()
        #expect(error?.code == .notificationInvalidNoDate)
        #expect(error?.localizedDescription.contains("CoreLocation") == true)
    }

    @Test func pushTriggersAreValidAndDoNotRepeat() {
        let trigger = UNPushNotificationTrigger()
        #expect(trigger.repeats == false)
        #expect(trigger.validationError() == nil)
    }

    @Test func requestValidationCombinesTriggerAndContent() {
        let content = UNMutableNotificationContent()
        content.body = "Hello"
        let bad = UNNotificationRequest(identifier: "bad", content: content, trigger: UNLocationNotificationTrigger())
        #expect(bad.validationError()?.code == .notificationInvalidNoDate)
        let good = UNNotificationRequest(identifier: "good", content: content, trigger: nil)
        #expect(good.validationError() == nil)
        let badgeOnly = UNMutableNotificationContent()
        badgeOnly.badge = 4
        #expect(UNNotificationRequest(identifier: "badge", content: badgeOnly, trigger: nil).validationError() == nil)
        let empty = UNNotificationRequest(identifier: "empty", content: UNMutableNotificationContent(), trigger: nil)
        #expect(empty.validationError()?.code == .notificationInvalidNoContent)
    }
}

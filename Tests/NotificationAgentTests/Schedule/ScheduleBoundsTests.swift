import DBus
import Foundation
import NotificationAgentClient
import Testing
@testable import UserNotifications
@testable import NotificationAgent

/// Dates and durations are bounded where they enter: the wire's trigger record, the scheduler's
/// trigger and pending notification, and the timer's wait, so that no conversion traps.
@Suite struct ScheduleBoundsTests {
    static let hostileSeconds: [Double] = [1e300, 999_999_999_999_999 * 86_400, .nan, .infinity, -.infinity, -5, 0]

    @Test(arguments: hostileSeconds) func theWireRefusesAnIntervalOutOfBounds(seconds: Double) throws {
        let wire = TriggerRecord.timeInterval(seconds: seconds, repeats: false).wire
        #expect(throws: AgentError.self) { try TriggerRecord(wire: wire) }
        do {
            _ = try TriggerRecord(wire: wire)
        } catch let error as AgentError {
            #expect(error.code == .invalidArgument)
        }
    }

    @Test func theWireTakesAnIntervalUpToTheBound() throws {
        for seconds in [0.5, 3600, TriggerRecord.maximumSeconds] {
            let wire = TriggerRecord.timeInterval(seconds: seconds, repeats: false).wire
            #expect(try TriggerRecord(wire: wire) == .timeInterval(seconds: seconds, repeats: false))
        }
    }

    @Test func aTriggerBeyondTheBoundIsNotScheduled() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let tooFar: [ScheduledTrigger] = [
            .timeInterval(seconds: TriggerRecord.maximumSeconds + 1, repeats: false),
            .timeInterval(seconds: 1e300, repeats: true),
            .calendar(components: CalendarMatch(year: 9999, month: 1, day: 1, hour: 0, minute: 0), repeats: false),
        ]
        for trigger in tooFar {
            #expect(throws: ScheduleError.self) {
                try PendingNotification(
                    app: "org.example.Tea", request: DeliveryRequest(identifier: "t", title: "t"),
                    trigger: trigger, addedAt: now, calendarTimeZone: TimeZone(identifier: "UTC") ?? .current)
            }
        }
    }

    /// A pending notification read from an old file with an absurd date must not trap the timer.
    @Test func theWaitForAnAbsurdDateIsFinite() throws {
        for date in [1e300, Double.greatestFiniteMagnitude] {
            let pending = PendingNotification(
                app: "org.example.Tea", request: DeliveryRequest(identifier: "t", title: "t"),
                trigger: .timeInterval(seconds: 60, repeats: false), anchor: 0, nextFireDate: date)
            let queue = ScheduleQueue([pending], calendarTimeZone: .current)
            let wait = try #require(queue.delayUntilNextDue(now: Date()))
            #expect(wait > .zero)
        }
    }
}

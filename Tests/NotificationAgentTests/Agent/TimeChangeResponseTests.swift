import Foundation
import Testing
@testable import UserNotifications
@testable import NotificationAgent

/// What the agent does about each change of time: the pure decision.
@Suite struct TimeChangeResponseTests {
    let paris = TimeZone(identifier: "Europe/Paris") ?? .gmt
    let tokyo = TimeZone(identifier: "Asia/Tokyo") ?? .gmt

    @Test func aStepOfTheClockOrAWakeReArmsTheTimer() {
        #expect(TimeChangeResponse.response(to: .wallClockStepped, currentZone: paris) == .rearmTimer)
        #expect(TimeChangeResponse.response(to: .resumedFromSleep, currentZone: paris) == .rearmTimer)
    }

    @Test func aNewZoneMovesTheCalendarMatches() {
        #expect(
            TimeChangeResponse.response(to: .timeZoneChanged(tokyo), currentZone: paris)
                == .moveCalendarMatches(to: tokyo))
    }

    @Test func theSameZoneOrAnUnknownOneOnlyReArms() {
        #expect(TimeChangeResponse.response(to: .timeZoneChanged(paris), currentZone: paris) == .rearmTimer)
        #expect(TimeChangeResponse.response(to: .timeZoneChanged(nil), currentZone: paris) == .rearmTimer)
    }

    @Test func theZoneFileComesFromTZ() {
        #expect(TimeChangeMonitor.systemTimeZoneFile(environment: [:]) == "/etc/localtime")
        #expect(TimeChangeMonitor.systemTimeZoneFile(environment: ["TZ": ""]) == "/etc/localtime")
        #expect(TimeChangeMonitor.systemTimeZoneFile(environment: ["TZ": ":/srv/zone"]) == "/srv/zone")
        #expect(TimeChangeMonitor.systemTimeZoneFile(environment: ["TZ": "/srv/zone"]) == "/srv/zone")
        #expect(TimeChangeMonitor.systemTimeZoneFile(environment: ["TZ": "Europe/Paris"]) == nil)
    }
}

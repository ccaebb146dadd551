import DBus
import Foundation
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications

/// A client calling the agent's methods directly with hostile values gets `invalidArgument`, and
/// the agent keeps nothing it could not later list or fire.
@Suite(.timeLimit(.minutes(1))) struct AgentInputBoundsTests {
    @Test func addRefusesIntervalsAndDatesOutOfBounds() async throws {
        let rig = try await AgentTests.Rig()
        try await AgentScheduleTests.authorize(rig)
        let hostile: [TriggerRecord] =
            ScheduleBoundsTests.hostileSeconds.map { .timeInterval(seconds: $0, repeats: false) }
            + [.calendar(.init(year: 9999, month: 12, day: 31, hour: 23, minute: 59), repeats: false)]
        for trigger in hostile {
            do {
                _ = try await rig.client.add(
                    app: "org.example.Tea", request: DeliveryRequest(identifier: "tea", title: "Tea"),
                    trigger: trigger)
                Issue.record("\(trigger) was accepted")
            } catch let error as AgentError {
                #expect(error.code == .invalidArgument, "\(trigger): \(error)")
            }
        }
        #expect(try await rig.client.pending(app: "org.example.Tea").isEmpty)
    }
}

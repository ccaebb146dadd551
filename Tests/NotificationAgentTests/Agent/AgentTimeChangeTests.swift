import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// The agent follows the changes of time that a timer cannot see, fed here from a fake source
/// of `TimeChange`s (the mechanisms themselves are tested in `TimeChangeMonitorTests`).
@Suite(.timeLimit(.minutes(1))) struct AgentTimeChangeTests {
    @Test func aNewTimeZoneMovesCalendarTriggersWithoutAZoneOfTheirOwn() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-state")
        let (changes, feed) = AsyncStream.makeStream(of: TimeChange.self)
        let agent = NotificationAgent(
            connection: try DBusConnection(address: bus.address),
            store: SettingsStore(directory: state.url), strings: PromptStrings(language: "en"),
            log: .standardError(keeping: state), timeChanges: { changes })
        #expect(try await agent.start())
        let client = try await AgentClient(address: bus.address, startAgent: false)
        _ = try await client.setSettings(
            app: "org.example.Tea", changes: AppSettings.authorized(requesting: [.alert]).wire)
        let nineOClock = TriggerRecord.calendar(.init(hour: 9, minute: 0), repeats: true)
        let zoned = TriggerRecord.calendar(.init(hour: 9, minute: 0, timeZone: "UTC"), repeats: true)
        _ = try await client.add(
            app: "org.example.Tea", request: DeliveryRequest(identifier: "local", title: "Tea"), trigger: nineOClock)
        _ = try await client.add(
            app: "org.example.Tea", request: DeliveryRequest(identifier: "utc", title: "Tea"), trigger: zoned)
        let before = try await Self.fireDates(client)
        // A zone at least 10 hours away from the one in use.
        let far = try #require(
            ["Pacific/Kiritimati", "Pacific/Pago_Pago"].compactMap(TimeZone.init(identifier:)).first {
                abs($0.secondsFromGMT() - TimeZone.current.secondsFromGMT()) >= 36_000
            })
        feed.yield(.timeZoneChanged(far))
        try await Eventually.wait(timeout: .seconds(10), "the local trigger moves to \(far.identifier)") {
            (try? await Self.fireDates(client))?["local"] != before["local"]
        }
        let after = try await Self.fireDates(client)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = far
        let moved = calendar.dateComponents(
            [.hour, .minute], from: Date(timeIntervalSince1970: try #require(after["local"])))
        #expect(moved.hour == 9 && moved.minute == 0, "09:00 in \(far.identifier), not \(moved)")
        #expect(after["utc"] == before["utc"], "a trigger with its own zone stays")
        _ = fake
    }

    static func fireDates(_ client: AgentClient) async throws -> [String: Double] {
        Dictionary(
            uniqueKeysWithValues: try await client.pending(app: "org.example.Tea").map {
                ($0.request.identifier, $0.nextFireDate)
            })
    }
}

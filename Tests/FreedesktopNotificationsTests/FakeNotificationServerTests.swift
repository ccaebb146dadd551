import DBus
import FreedesktopNotifications
import Testing
import TestSupport

/// The test support's fake server itself: a wait that times out must not lose later calls,
/// or every absence check made with it would pass whatever the code under test does.
@Suite(.timeLimit(.minutes(1))) struct FakeNotificationServerTests {
    @Test func aCallArrivingAfterATimedOutWaitIsStillSeen() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let client = NotificationsClient(connection: try DBusConnection(address: bus.address))
        await #expect(throws: TestSupportError.self) { try await fake.nextCall(timeout: .milliseconds(50)) }
        let id = try await client.notify(NotifyRequest(summary: "after the timeout"))
        let call = try await fake.nextCall()
        #expect(call.id == id)
        #expect(call.request.summary == "after the timeout")
    }

    @Test func callsMadeBeforeAnyWaitAreKeptInOrder() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let client = NotificationsClient(connection: try DBusConnection(address: bus.address))
        for summary in ["one", "two", "three"] { _ = try await client.notify(NotifyRequest(summary: summary)) }
        var summaries: [String] = []
        for _ in 0..<3 { summaries.append(try await fake.nextCall().request.summary) }
        #expect(summaries == ["one", "two", "three"])
    }
}

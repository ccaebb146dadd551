import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// No notification server at all, then one appears: a direct request is a clear error to its
/// caller, and a scheduled one that came due meanwhile is shown when the server appears (it is
/// kept, never dropped).
@Suite(.timeLimit(.minutes(1))) struct AgentNoServerTests {
    @Test func aScheduledNotificationDueWithNoServerIsShownWhenOneAppears() async throws {
        let bus = try PrivateBus()
        let state = try TemporaryDirectory("unotify-state")
        let agent = NotificationAgent(
            connection: try DBusConnection(address: bus.address),
            store: SettingsStore(directory: state.url), strings: PromptStrings(language: "en"))
        #expect(try await agent.start())
        let client = try await AgentClient(address: bus.address, startAgent: false)
        _ = try await client.setSettings(
            app: "org.example.Tea", changes: AppSettings.authorized(requesting: [.alert]).wire)
        let direct = await #expect(throws: AgentError.self) {
            _ = try await client.add(app: "org.example.Tea", request: DeliveryRequest(identifier: "now", title: "Now"))
        }
        #expect(direct?.code == .server)
        #expect(direct.map { "\($0)".contains("no notification server") } == true, "\(String(describing: direct))")
        _ = try await client.add(
            app: "org.example.Tea", request: DeliveryRequest(identifier: "later", title: "Later"),
            trigger: .timeInterval(seconds: 0.2, repeats: false))
        // Due, with no server: still listed as pending (it waits for a server).
        try await Task.sleep(for: .milliseconds(400))
        #expect(try await client.pending(app: "org.example.Tea").map(\.request.identifier) == ["later"])
        let server = try await FakeNotificationServer(address: bus.address)
        #expect(try await server.nextCall().request.summary == "Later")
        try await Eventually.wait(timeout: .seconds(10), "nothing pending") {
            (try? await client.pending(app: "org.example.Tea").isEmpty) == true
        }
    }
}

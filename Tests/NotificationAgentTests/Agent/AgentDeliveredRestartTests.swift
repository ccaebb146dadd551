import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport
@testable import NotificationAgent
@testable import UserNotifications

/// An agent that restarts (a crash, SIGKILL, an upgrade) still replaces a notification by its
/// identifier and removes it, on the server connection that still shows it (the store's `delivered`):
/// before, the new agent knew nothing of it, showed a second notification beside it, and the
/// first stayed on screen for good (measured on GNOME Shell 48.7).
@Suite(.timeLimit(.minutes(1))) struct AgentDeliveredRestartTests {
    static let app = "org.example.Tea"

    /// A second agent on the same bus and state, as after a restart, and its client.
    static func restart(_ rig: AgentTests.Rig) async throws -> (NotificationAgent, AgentClient) {
        await rig.agent.stop()
        let agent = NotificationAgent(
            connection: try DBusConnection(address: rig.bus.address), store: SettingsStore(directory: rig.directory))
        #expect(try await agent.start())
        return (agent, try await AgentClient(address: rig.bus.address, startAgent: false))
    }

    /// Waits (bounded) until the store lists `count` delivered notifications.
    static func waitForSaved(_ count: Int, in rig: AgentTests.Rig) async throws {
        let store = AgentStoreFile(directory: rig.directory)
        try await Eventually.wait(timeout: .seconds(10), "the store lists \(count) delivered notification(s)") {
            guard store.exists else { return false }
            return try store.rows(of: "delivered").count == count
        }
    }

    @Test func aRestartedAgentReplacesAndRemovesWhatTheLastOneShowed() async throws {
        let rig = try await AgentTests.Rig()
        _ = try await rig.client.setSettings(app: Self.app, changes: AppSettings.authorized(requesting: [.alert]).wire)
        _ = try await rig.client.add(app: Self.app, request: DeliveryRequest(identifier: "tea", title: "First"))
        let first = try await rig.fake.nextCall()
        try await Self.waitForSaved(1, in: rig)

        let (agent, client) = try await Self.restart(rig)
        defer { withExtendedLifetime(agent) {} }
        #expect(try await client.delivered(app: Self.app).map(\.request.identifier) == ["tea"])
        _ = try await client.add(app: Self.app, request: DeliveryRequest(identifier: "tea", title: "Second"))
        let second = try await rig.fake.nextCall()
        #expect(second.request.summary == "Second")
        #expect(second.request.replacesID == first.id, "replaced in place, not shown beside it")
        #expect(second.id == first.id)

        #expect(try await client.removeDelivered(app: Self.app, identifiers: ["tea"]) == 1)
        try await rig.fake.waitForClose(of: first.id)
        try await Self.waitForSaved(0, in: rig)
    }

    @Test func whatAnEarlierServerShowedIsNotTaken() async throws {
        let rig = try await AgentTests.Rig()
        _ = try await rig.client.setSettings(app: Self.app, changes: AppSettings.authorized(requesting: [.alert]).wire)
        _ = try await rig.client.add(app: Self.app, request: DeliveryRequest(identifier: "tea", title: "First"))
        _ = try await rig.fake.nextCall()
        try await Self.waitForSaved(1, in: rig)
        await rig.agent.stop()
        // The server restarts while no agent runs: what it showed is gone with it.
        await rig.fake.stop()
        let server = try await FakeNotificationServer(address: rig.bus.address)
        let (agent, client) = try await Self.restart(rig)
        defer { withExtendedLifetime(agent) {} }
        #expect(try await client.delivered(app: Self.app).isEmpty)
        _ = try await client.add(app: Self.app, request: DeliveryRequest(identifier: "tea", title: "Again"))
        let again = try await server.nextCall()
        #expect(again.request.replacesID == .unassigned)
        try await Self.waitForSaved(1, in: rig)
    }
}

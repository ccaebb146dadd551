import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// The notification server restarts under the agent (a configuration reload, a desktop shell
/// restarting, the user switching daemons): the new server numbers its notifications from 1
/// again, so every id the agent holds must stay bound to the server connection that issued it.
@Suite(.timeLimit(.minutes(1))) struct AgentServerRestartTests {
    static let chatCategories = """
        [{"identifier": "m", "actions": [{"identifier": "allow", "title": "Allow lunch"}]}]
        """

    /// A private bus whose fake server can be replaced, an agent and a client.
    final class Rig: Sendable {
        let bus: PrivateBus
        let agent: NotificationAgent
        let client: AgentClient
        let state: TemporaryDirectory

        init() async throws {
            bus = try PrivateBus()
            state = try TemporaryDirectory("unotify-state")
            agent = NotificationAgent(
                connection: try DBusConnection(address: bus.address),
                store: SettingsStore(directory: state.url), strings: PromptStrings(language: "en"),
                log: .standardError(keeping: state))
            #expect(try await agent.start())
            client = try await AgentClient(address: bus.address, startAgent: false)
        }

        func startServer() async throws -> FakeNotificationServer {
            try await FakeNotificationServer(address: bus.address, capabilities: ["actions", "body"])
        }

        /// Waits until the server's name has no owner (the agent sees the same signal).
        func waitUntilNoServer() async throws {
            let watcher = try DBusConnection(address: bus.address)
            try await Eventually.wait(timeout: .seconds(10), "the server's name is released") {
                (try? await watcher.nameOwner(of: NotificationsService.busName)) == nil
            }
            await watcher.close()
        }

        func authorize(_ app: String) async throws {
            _ = try await client.setSettings(app: app, changes: AppSettings.authorized(requesting: [.alert]).wire)
        }
    }

    @Test func aClickOnTheNewServersIdOneNeverAnswersTheOldServersPrompt() async throws {
        let rig = try await Rig()
        let serverA = try await rig.startServer()
        let client = rig.client
        let victim = Task {
            try await client.requestAuthorization(app: "org.example.Victim", options: [.alert], timeout: .seconds(30))
        }
        let prompt = try await serverA.nextCall()
        #expect(prompt.id.rawValue == 1)
        await serverA.stop()
        try await rig.waitUntilNoServer()
        let serverB = try await rig.startServer()
        try await rig.authorize("org.example.Chat")
        try await rig.client.setCategories(app: "org.example.Chat", json: Self.chatCategories)
        var responses = try await rig.client.listen(app: "org.example.Chat").makeAsyncIterator()
        _ = try await rig.client.add(
            app: "org.example.Chat",
            request: DeliveryRequest(
                identifier: "lunch", title: "Ann", body: "Lunch?", categoryIdentifier: "m"))
        let lunch = try await serverB.nextCall()
        #expect(lunch.id == prompt.id, "the new server numbers from 1 again")
        try await serverB.emit(.actionInvoked(lunch.id, actionKey: AuthorizationActionKey.allow))
        // The click is Chat's: its listener gets it, and the victim's prompt is not answered.
        let response = try await responses.next()
        #expect(response?.app == "org.example.Chat")
        #expect(response?.actionIdentifier == "allow")
        #expect(try await rig.client.settings(app: "org.example.Victim").authorization == .notDetermined)
        victim.cancel()
    }

    @Test func aPromptWhoseServerDiesFailsItsCallerAndAskingAgainShowsItOnTheNewServer() async throws {
        let rig = try await Rig()
        let serverA = try await rig.startServer()
        let client = rig.client
        let first = Task {
            try await client.requestAuthorization(app: "org.example.Tea", options: [.alert], timeout: .seconds(30))
        }
        _ = try await serverA.nextCall()
        await serverA.stop()
        await #expect {
            _ = try await first.value
        } throws: { error in
            (error as? AgentError)?.code == .server && "\(error)".contains("ask again")
        }
        let serverB = try await rig.startServer()
        let second = Task {
            try await client.requestAuthorization(app: "org.example.Tea", options: [.alert], timeout: .seconds(30))
        }
        let prompt = try await serverB.nextCall()
        #expect(prompt.request.actions.map(\.key) == ["allow", "deny"])
        try await serverB.emit(.actionInvoked(prompt.id, actionKey: AuthorizationActionKey.allow))
        #expect(try await second.value == (true, .authorized))
    }

    @Test func removingAndReplacingNeverReachAnotherServersNotificationWithTheSameNumber() async throws {
        let rig = try await Rig()
        let serverA = try await rig.startServer()
        try await rig.authorize("org.example.X")
        _ = try await rig.client.add(app: "org.example.X", request: DeliveryRequest(identifier: "rep1", title: "Old"))
        let old = try await serverA.nextCall()
        await serverA.stop()
        try await rig.waitUntilNoServer()
        let serverB = try await rig.startServer()
        // Another program's notification gets the same number on the new server.
        let other = NotificationsClient(connection: try DBusConnection(address: rig.bus.address))
        let foreign = try await other.notify(NotifyRequest(appName: "other", summary: "Someone else's"))
        #expect(foreign == old.id)
        _ = try await serverB.nextCall()
        // Whether or not the agent has seen the owner change yet, a removal goes to the server
        // connection that showed the notification, never to the new one.
        _ = try await rig.client.removeDelivered(app: "org.example.X", identifiers: [])
        #expect(serverB.closedIDs.isEmpty, "another program's notification was closed")
        // What the old server showed is gone with it.
        let client = rig.client
        try await Eventually.wait(timeout: .seconds(10), "the old server's notification is no longer listed") {
            (try? await client.delivered(app: "org.example.X").isEmpty) == true
        }
        _ = try await rig.client.add(app: "org.example.X", request: DeliveryRequest(identifier: "rep1", title: "New"))
        let replacement = try await serverB.nextCall()
        #expect(replacement.request.replacesID == .unassigned, "the old server's id is not sent to the new server")
        #expect(replacement.id != foreign)
        #expect(serverB.closedIDs.isEmpty, "nothing of another program was closed")
    }
}

import DBus
import FreedesktopNotifications
import Testing
import TestSupport
@testable import NotificationAgent
@testable import UserNotifications

/// The agent behind the `NotificationServer` seam: an in-memory server stands in for
/// `NotificationsClient`, and no notification server runs on the bus at all (the private bus
/// carries only the agent's own interface).
@Suite(.timeLimit(.minutes(1))) struct AgentServerSeamTests {
    /// An agent on `bus` whose notification server is `server`, with its state in `state`, and a
    /// client of it.
    static func startAgent(on bus: PrivateBus, server: InMemoryNotificationServer, state: TemporaryDirectory)
        async throws -> (NotificationAgent, AgentClient)
    {
        let agent = NotificationAgent(
            connection: try DBusConnection(address: bus.address), store: SettingsStore(directory: state.url),
            server: server, strings: PromptStrings(language: "en"), log: .standardError(keeping: state))
        #expect(try await agent.start())
        return (agent, try await AgentClient(address: bus.address, startAgent: false))
    }

    /// Asks for authorization in a task; returns the prompt `server` showed and the task.
    static func request(_ app: String, client: AgentClient, server: InMemoryNotificationServer) async throws
        -> (InMemoryNotificationServer.Shown, Task<(granted: Bool, status: AppSettings.Authorization), any Error>)
    {
        let waiting = Task {
            try await client.requestAuthorization(app: app, options: [.alert, .sound], timeout: .seconds(20))
        }
        return (try await server.nextShown(), waiting)
    }

    @Test func aClickOnAllowFromTheServerAuthorizesTheApp() async throws {
        let (bus, state, server) = (
            try PrivateBus(), try TemporaryDirectory("unotify-state"), InMemoryNotificationServer()
        )
        let (agent, client) = try await Self.startAgent(on: bus, server: server, state: state)
        let (prompt, waiting) = try await Self.request("org.example.Tea", client: client, server: server)
        #expect(prompt.request.actions.map(\.key) == [AuthorizationActionKey.allow, AuthorizationActionKey.deny])
        try await server.emit(.actionInvoked(prompt.id.id, actionKey: AuthorizationActionKey.allow))
        let answer = try await waiting.value
        #expect(answer.granted)
        #expect(answer.status == .authorized)
        // The prompt is taken down on the server connection that showed it.
        try await server.waitForClose(of: prompt.id)
        #expect(try await client.settings(app: "org.example.Tea").authorization == .authorized)
        // What the app adds now reaches the server.
        _ = try await client.add(
            app: "org.example.Tea", request: DeliveryRequest(identifier: "tea", title: "Tea is ready"))
        #expect(try await server.nextShown().request.summary == "Tea is ready")
        await agent.stop()
        withExtendedLifetime((bus, state)) {}
    }

    /// The notification portal's `NotAllowed` (the user turned the app off in the desktop's
    /// settings; xdg-desktop-portal 1.20 answers it, Debian 12's 1.16 accepts silently) is that
    /// decision: the request is answered `false` and the app is denied, without an error.
    @Test func thePortalsNotAllowedDeniesTheApp() async throws {
        let (bus, state, server) = (
            try PrivateBus(), try TemporaryDirectory("unotify-state"), InMemoryNotificationServer()
        )
        await server.refuseEveryNotify(
            with: NotificationServerError(
                .rejected, "Showing notifications is not allowed", dbusErrorName: NotificationPortal.notAllowedError))
        let (agent, client) = try await Self.startAgent(on: bus, server: server, state: state)
        let answer = try await client.requestAuthorization(
            app: "org.example.Tea", options: [.alert, .sound], timeout: .seconds(20))
        #expect(!answer.granted)
        #expect(answer.status == .denied)
        #expect(try await client.settings(app: "org.example.Tea").authorization == .denied)
        await agent.stop()
        withExtendedLifetime((bus, state)) {}
    }

    @Test func aServerThatRestartsUnderThePromptFailsTheRequestAndTheNextPromptIsShownAnew() async throws {
        let (bus, state, server) = (
            try PrivateBus(), try TemporaryDirectory("unotify-state"), InMemoryNotificationServer()
        )
        let (agent, client) = try await Self.startAgent(on: bus, server: server, state: state)
        let (first, waiting) = try await Self.request("org.example.Tea", client: client, server: server)
        await server.changeOwner(to: ":memory.2")
        await #expect {
            _ = try await waiting.value
        } throws: { error in
            (error as? AgentError)?.code == .server && "\(error)".contains("ask again")
        }
        // Asked again, the prompt is shown by the new owner, and a click there answers it.
        let (second, again) = try await Self.request("org.example.Tea", client: client, server: server)
        #expect(first.id.owner == ":memory.1")
        #expect(second.id.owner == ":memory.2")
        try await server.emit(.actionInvoked(second.id.id, actionKey: AuthorizationActionKey.deny))
        let answer = try await again.value
        #expect(!answer.granted)
        #expect(answer.status == .denied)
        await agent.stop()
        withExtendedLifetime((bus, state)) {}
    }
}

import DBus
import Foundation
import NotificationAgentClient
import Testing
import TestSupport

/// Two sessions of one user (a desktop and an ssh or `dbus-run-session` one), each with its own
/// bus and `unotifyd`, on one state directory: every acknowledged add is kept, each
/// notification is shown once, on the session it was added on, and on the other when that
/// session's agent stops first.
@Suite(.timeLimit(.minutes(2))) struct SharedStateDirectoryTests {
    static let app = "org.example.Tea"

    /// One session: its bus, a counting server, its `unotifyd`, a client.
    struct Session {
        let bus: PrivateBus
        let server: CountingNotificationServer
        let agent: ChildProcess
        let client: AgentClient
        let watcher: DBusConnection

        init(state: TemporaryDirectory) async throws {
            bus = try PrivateBus()
            server = try await CountingNotificationServer(address: bus.address)
            var environment = bus.environment
            environment["XDG_STATE_HOME"] = state.path
            watcher = try DBusConnection(address: bus.address)
            agent = try await AgentCrashTests.startAgent(environment, watcher: watcher)
            client = try await AgentClient(address: bus.address, startAgent: false)
        }

        func add(_ title: String, in seconds: Double) async throws {
            _ = try await client.add(
                app: app, request: DeliveryRequest(identifier: title, title: title),
                trigger: .timeInterval(seconds: seconds, repeats: false))
        }

        func stop() async {
            agent.stop(grace: 5)
            await server.stop()
            await client.connection.close()
            await watcher.close()
            bus.stop()
        }
    }

    static func allow(_ session: Session, state: TemporaryDirectory) async throws {
        let allowed = try await UNotifyProcess.run(
            ["settings", app, "allow"], busAddress: session.bus.address,
            extraEnvironment: ["XDG_STATE_HOME": state.path])
        #expect(allowed.status == 0, "unotify settings \(app) allow: \(allowed.stderr)")
    }

    @Test func whatASessionAddedIsShownThereOnceAndNothingIsLost() async throws {
        let state = try TemporaryDirectory("unotify-two-sessions")
        let one = try await Session(state: state)
        let two = try await Session(state: state)
        defer { Task { await one.stop() } }
        defer { Task { await two.stop() } }
        try await Self.allow(one, state: state)
        try await one.add("Z", in: 1.5)
        try await one.add("X", in: 1.5)
        try await two.add("Y", in: 1.5)
        try await one.add("W", in: 1.5)
        // Each app sees all it added, whichever session it asks.
        #expect(Set(try await two.client.pending(app: Self.app).map(\.request.identifier)) == ["W", "X", "Y", "Z"])
        try await one.server.waitUntilShown(["W", "X", "Z"], timeout: .seconds(20))
        try await two.server.waitUntilShown(["Y"], timeout: .seconds(20))
        try await Eventually.wait(timeout: .seconds(20), "nothing is pending any more") {
            try await one.client.pending(app: Self.app).isEmpty
        }
        #expect(one.server.shown == ["W": 1, "X": 1, "Z": 1])
        #expect(two.server.shown == ["Y": 1])
    }

    @Test func whenASessionsAgentStopsTheOtherSessionShowsWhatItLeft() async throws {
        let state = try TemporaryDirectory("unotify-two-sessions")
        let one = try await Session(state: state)
        let two = try await Session(state: state)
        defer { Task { await two.stop() } }
        try await Self.allow(one, state: state)
        // The user's report: Z on session 1, then X on session 1 and Y on session 2.
        try await one.add("Z", in: 4)
        try await one.add("X", in: 4)
        try await two.add("Y", in: 4)
        one.agent.send(SIGTERM)
        #expect(try await one.agent.wait(timeout: 10) == 0, "\(one.agent.standardError)")
        try await two.server.waitUntilShown(["X", "Y", "Z"], timeout: .seconds(20))
        try await Eventually.wait(timeout: .seconds(20), "nothing is pending any more") {
            try await two.client.pending(app: Self.app).isEmpty
        }
        #expect(two.server.shown == ["X": 1, "Y": 1, "Z": 1])
        #expect(one.server.shown.isEmpty)
        await one.stop()
    }

    @Test func whenASessionsAgentIsKilledTheOtherSessionShowsWhatItLeft() async throws {
        let state = try TemporaryDirectory("unotify-two-sessions")
        let one = try await Session(state: state)
        let two = try await Session(state: state)
        defer { Task { await two.stop() } }
        try await Self.allow(one, state: state)
        try await one.add("K", in: 3)
        try await two.add("L", in: 3)
        one.agent.send(SIGKILL)
        _ = try await one.agent.wait(timeout: 10)
        try await two.server.waitUntilShown(["K", "L"], timeout: .seconds(20))
        try await Eventually.wait(timeout: .seconds(20), "nothing is pending any more") {
            try await two.client.pending(app: Self.app).isEmpty
        }
        #expect(two.server.shown == ["K": 1, "L": 1])
        await one.stop()
    }
}

import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// An app shipped alone (`Tests/Fixtures/tea-alone`, copied where no `unotifyd` is: not beside
/// it, not on `PATH`, no `UNOTIFY_AGENT`, no activation file) runs the agent's work in its own
/// process: the prompt, the notification with its category, the answer to its delegate; it
/// gives way to a `unotifyd` started meanwhile, and what it scheduled fires at the next agent.
@Suite(.timeLimit(.minutes(2))) struct InProcessAgentTests {
    static let app = "org.example.Alone"

    /// The app alone (``LoneExecutable``), started on `rig`'s bus with no `unotifyd` anywhere:
    /// not beside it, not on `PATH`, no `UNOTIFY_AGENT`; its id is `id`. Keep `alone` until the
    /// app has exited.
    static func startApp(_ arguments: [String] = [], id: String = app, on rig: AgentProcessRig) throws
        -> (app: ChildProcess, alone: LoneExecutable)
    {
        let alone = try LoneExecutable(product: "tea-alone")
        var environment = ProcessInfo.processInfo.environment.merging(rig.bus.environment) { $1 }
        environment.merge(rig.environment) { $1 }
        environment["UNOTIFY_AGENT"] = nil
        environment["PATH"] = "/usr/bin:/bin"
        environment["UNOTIFY_APP_ID"] = id
        environment["UNOTIFY_DESKTOP_SETTINGS"] = "none"
        return (try ChildProcess(alone.path, arguments, environment: environment), alone)
    }

    /// The next `Notify` the server receives; when none comes, the error quotes what the app said.
    static func nextCall(on rig: AgentProcessRig, from app: ChildProcess) async throws -> FakeNotificationServer.Call {
        do {
            return try await rig.server.nextCall()
        } catch {
            throw TestSupportError("\(error); the app said: \(app.standardOutput) \(app.standardError)")
        }
    }

    /// Answers the app's permission prompt with *Allow*, as the server reports a click.
    static func allow(on rig: AgentProcessRig, app: ChildProcess) async throws {
        let prompt = try await nextCall(on: rig, from: app)
        #expect(prompt.request.actions.map(\.key).contains("allow"), "\(prompt.request)")
        try await rig.server.emit(.actionInvoked(prompt.id, actionKey: "allow"))
        _ = try await app.waitForLine(timeout: 30) { $0 == "authorized" }
    }

    @Test func anAppAloneAsksShowsAndHearsTheAnswerWithNoAgentInstalled() async throws {
        let rig = try await AgentProcessRig()
        let (app, alone) = try Self.startApp(on: rig)
        defer { withExtendedLifetime(alone) { app.stop(grace: 1) } }
        try await Self.allow(on: rig, app: app)
        let shown = try await Self.nextCall(on: rig, from: app)
        #expect(shown.request.summary == "Tea")
        #expect(shown.request.actions.contains(NotificationAction(key: "drink", label: "Drink")), "\(shown.request)")
        // The agent is the app itself: no other process serves org.unotify.Agent.
        #expect(try await rig.watcher.processID(of: "org.unotify.Agent") == UInt32(app.pid))
        try await rig.server.emit(.actionInvoked(shown.id, actionKey: "drink"))
        _ = try await app.waitForLine(timeout: 30) { $0 == "response: drink" }
        #expect(try await app.wait(timeout: 30) == 0, "\(app.standardError)")
        // The same files: the agent installed later finds the app authorized.
        let settings = try await rig.unotify(["settings", Self.app])
        #expect(settings.stdout.contains("status: authorized"), "\(settings)")
    }

    @Test func theAppGivesWayToAnAgentStartedWhileItRuns() async throws {
        let rig = try await AgentProcessRig()
        let (app, alone) = try Self.startApp(on: rig)
        defer { withExtendedLifetime(alone) { app.stop(grace: 1) } }
        try await Self.allow(on: rig, app: app)
        _ = try await Self.nextCall(on: rig, from: app)
        _ = try await app.waitForLine(timeout: 30) { $0 == "shown" }
        let agent = try await rig.startAgent()
        defer { agent.stop() }
        let watcher = rig.watcher
        try await Eventually.wait(timeout: TestPatience.event, "unotifyd took org.unotify.Agent from the app") {
            try await watcher.processID(of: "org.unotify.Agent") == UInt32(agent.pid)
        }
        // The app goes on with unotifyd: its delegate hears an answer to what unotifyd shows.
        let sent = try await rig.unotify(["send", "--app", Self.app, "--category", "tea", "Another"])
        #expect(sent.status == 0, "\(sent)")
        let another = try await rig.server.nextCall()
        #expect(another.request.summary == "Another")
        try await rig.server.emit(.actionInvoked(another.id, actionKey: "drink"))
        _ = try await app.waitForLine(timeout: 30) { $0 == "response: drink" }
        #expect(try await app.wait(timeout: 30) == 0, "\(app.standardError)")
    }

    @Test func whatTheAppScheduledFiresAtTheNextAgentsStart() async throws {
        let rig = try await AgentProcessRig()
        let (app, alone) = try Self.startApp(["schedule"], on: rig)
        defer { withExtendedLifetime(alone) { app.stop(grace: 1) } }
        try await Self.allow(on: rig, app: app)
        _ = try await app.waitForLine(timeout: 30) { $0 == "scheduled" }
        let scheduled = Date()
        #expect(try await app.wait(timeout: 30) == 0, "\(app.standardError)")
        let watcher = rig.watcher
        try await Eventually.wait(timeout: TestPatience.event, "the app's agent left with the app") {
            try await watcher.nameOwner(of: "org.unotify.Agent") == nil
        }
        // Due while no agent ran: the next agent fires it, once, at its start.
        try await Task.sleep(for: .seconds(max(0, 2.5 - Date().timeIntervalSince(scheduled))))
        let agent = try await rig.startAgent()
        defer { agent.stop() }
        let fired = try await rig.server.nextCall()
        #expect(fired.request.summary == "Second cup")
    }
}

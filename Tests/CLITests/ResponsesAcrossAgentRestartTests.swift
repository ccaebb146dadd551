import DBus
import Foundation
import FreedesktopNotifications
@testable import NotificationAgentClient
import Synchronization
import Testing
import TestSupport

/// The user's responses outlive the agent: a `listen` that runs while the agent stops and
/// starts again still hears the new agent's responses, and the responses queued for an app
/// that is not listening are kept on disk across a clean restart.
@Suite(.timeLimit(.minutes(1))) struct ResponsesAcrossAgentRestartTests {
    /// A private bus with a fake server, a state directory and a running `unotifyd`.
    struct Rig {
        let base: AgentProcessRig
        let app = "org.example.Tea"

        init() async throws {
            base = try await AgentProcessRig()
        }

        var bus: PrivateBus { base.bus }
        var server: FakeNotificationServer { base.server }
        var watcher: DBusConnection { base.watcher }
        func startAgent() async throws -> ChildProcess { try await base.startAgent() }
        func stop(_ agent: ChildProcess) async throws { try await base.stop(agent) }
        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await base.unotify(arguments)
        }
        func listen(count: Int = 1) throws -> ChildProcess {
            try base.start(["listen", "--app", app, "--count", String(count)])
        }

        /// Sends `identifier` as the app and clicks it on the fake server (the default action).
        func sendAndClick(_ identifier: String) async throws {
            let sent = try await unotify(["send", "--app", app, "--id", identifier, "Tea", "is ready"])
            #expect(sent.status == 0, "\(sent.stderr)")
            let call = try await server.nextCall()
            try await server.emit(.actionInvoked(call.id, actionKey: NotificationAction.defaultKey))
            try await server.waitForClose(of: call.id)  // the agent has handled the click
        }
    }

    @Test func aListenRunningAcrossAnAgentRestartHearsTheNewAgent() async throws {
        let rig = try await Rig()
        let first = try await rig.startAgent()
        #expect(try await rig.unotify(["settings", rig.app, "allow"]).status == 0)
        let listen = try rig.listen(count: 2)
        // listen hears the first agent: its Listen call was answered before the agent stops.
        try await Eventually.wait(timeout: .seconds(10), "listen subscribed to the agent's responses") {
            try await BusMatchRules.count(on: rig.watcher, mentioning: "Response") > 0
        }
        try await rig.sendAndClick("before-restart")
        try await Eventually.wait(timeout: .seconds(10), "listen printed the first agent's response") {
            listen.standardOutput.contains(#""identifier":"before-restart""#)
        }
        try await rig.stop(first)
        let second = try await rig.startAgent()
        defer { second.send(SIGTERM) }
        try await rig.sendAndClick("after-restart")
        #expect(
            try await listen.wait(timeout: 10) == 0, "listen heard nothing from the new agent: \(listen.standardError)")
        #expect(listen.standardOutput.contains(#""identifier":"after-restart""#), "\(listen.standardOutput)")
    }

    @Test func responsesQueuedForAnAppNotListeningSurviveACleanRestart() async throws {
        let rig = try await Rig()
        let first = try await rig.startAgent()
        #expect(try await rig.unotify(["settings", rig.app, "allow"]).status == 0)
        try await rig.sendAndClick("while-away")
        try await rig.stop(first)
        let second = try await rig.startAgent()
        defer { second.send(SIGTERM) }
        let listen = try rig.listen()
        #expect(try await listen.wait(timeout: 10) == 0, "the queued response was lost with the agent")
        #expect(listen.standardOutput.contains(#""identifier":"while-away""#), "\(listen.standardOutput)")
    }

    @Test func aPresenterIsAskedByTheNewAgentToo() async throws {
        let rig = try await Rig()
        let first = try await rig.startAgent()
        #expect(try await rig.unotify(["settings", rig.app, "allow"]).status == 0)
        let asked = Mutex<[String]>([])
        let app = try await AgentClient(address: rig.bus.address, startAgent: false)
        try await app.registerPresenter(app: rig.app) { request in
            asked.withLock { $0.append(request.identifier) }
            return nil  // no delegate answer: the settings alone decide
        }
        try await rig.stop(first)
        let second = try await rig.startAgent()
        defer { second.send(SIGTERM) }
        // The new agent has the registration once it watches the app's connection (a match
        // rule on its name); on a private bus of a few connections the name is unambiguous.
        try await Eventually.wait(timeout: .seconds(10), "the new agent watches the app's presenter") {
            try await BusMatchRules.count(on: rig.watcher, mentioning: app.connection.uniqueName) > 0
        }
        let sent = try await rig.unotify(["send", "--app", rig.app, "--id", "after-restart", "Tea", "is ready"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(asked.withLock { $0 } == ["after-restart"], "the new agent did not ask the app's presenter")
    }
}

import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// Apps alone (``InProcessAgentTests``) share one agent, hosted by the first of them. When that
/// app exits, normally or killed with SIGKILL, a running app that uses the library takes the
/// agent's name at once, with no third process starting an agent: what the survivors scheduled
/// fires while they run, and their delegates hear the clicks. Of two survivors exactly one takes
/// the name; the other goes on as its client. `unotifyd` taking the name from an app, and then
/// stopping, hands nothing over: no app takes the name back.
@Suite(.timeLimit(.minutes(2))) struct InProcessAgentHandOverTests {
    /// How many notifications each surviving app schedules, and when the first is due (the
    /// others follow a second apart): late enough that the host has left by then.
    static let count = 3
    static let delay = 4

    /// The summaries of the notifications the app tagged `tag` schedules.
    static func summaries(_ tag: String) -> [String] {
        (1...count).map { "\(tag) \($0)" }
    }

    /// Starts the app that hosts the agent (`tea-alone`: it asks, shows "Tea" and waits for the
    /// answer), and checks that it owns the agent's name; returns it with its "Tea".
    static func startHost(on rig: AgentProcessRig) async throws
        -> (app: ChildProcess, alone: LoneExecutable, tea: FakeNotificationServer.Call)
    {
        let (app, alone) = try InProcessAgentTests.startApp(on: rig)
        try await InProcessAgentTests.allow(on: rig, app: app)
        let tea = try await InProcessAgentTests.nextCall(on: rig, from: app)
        #expect(tea.request.summary == "Tea")
        _ = try await app.waitForLine(timeout: 30) { $0 == "shown" }
        #expect(try await rig.watcher.processID(of: "org.unotify.Agent") == UInt32(app.pid))
        return (app, alone, tea)
    }

    /// Starts an app that schedules ``count`` notifications tagged `tag`, the first due `delay`
    /// seconds later, and stays (`tea-alone stay`), with an id of its own; it is a client of the
    /// running host. Returns once it has scheduled them.
    static func startScheduling(_ tag: String, delay: Int = delay, on rig: AgentProcessRig) async throws
        -> (app: ChildProcess, alone: LoneExecutable)
    {
        let (app, alone) = try InProcessAgentTests.startApp(
            ["stay", tag, "\(count)", "\(delay)"], id: InProcessAgentTests.app + tag, on: rig)
        try await InProcessAgentTests.allow(on: rig, app: app)
        _ = try await app.waitForLine(timeout: 30) { $0 == "scheduled" }
        return (app, alone)
    }

    /// Ends the host: its user answers "Tea" and it returns from `main`, or SIGKILL.
    static func end(
        _ host: (app: ChildProcess, alone: LoneExecutable, tea: FakeNotificationServer.Call), killed: Bool,
        on rig: AgentProcessRig
    ) async throws {
        if killed {
            host.app.send(SIGKILL)
            #expect(try await host.app.wait(timeout: 30) == 128 + SIGKILL)
        } else {
            try await rig.server.emit(.actionInvoked(host.tea.id, actionKey: "drink"))
            _ = try await host.app.waitForLine(timeout: 30) { $0 == "response: drink" }
            #expect(try await host.app.wait(timeout: 30) == 0, "\(host.app.standardError)")
        }
    }

    /// The next `count` notifications the server receives; when one does not come, the error
    /// quotes what the apps said.
    static func fired(_ count: Int, apps: [ChildProcess], on rig: AgentProcessRig) async throws
        -> [FakeNotificationServer.Call]
    {
        var calls: [FakeNotificationServer.Call] = []
        for _ in 0..<count {
            do {
                calls.append(try await rig.server.nextCall())
            } catch {
                let said = apps.map { "[\($0.pid)] \($0.standardOutput) \($0.standardError)" }.joined(separator: "; ")
                throw TestSupportError(
                    "\(error) (after \(calls.map(\.request.summary))); the apps said: \(said)")
            }
        }
        return calls
    }

    /// Waits until one of `apps` owns the agent's name; returns that app and its connection's
    /// unique name.
    static func newHost(among apps: [ChildProcess], on rig: AgentProcessRig) async throws
        -> (app: ChildProcess, uniqueName: String)
    {
        let watcher = rig.watcher
        let pids = apps.map { UInt32($0.pid) }
        try await Eventually.wait(timeout: TestPatience.event, "one of \(pids) owns org.unotify.Agent") {
            guard let owner = try await watcher.nameOwner(of: "org.unotify.Agent") else { return false }
            return pids.contains(try await watcher.processID(of: try BusName(validating: owner)))
        }
        let owner = try #require(try await watcher.nameOwner(of: "org.unotify.Agent"))
        let pid = try await watcher.processID(of: try BusName(validating: owner))
        let app = try #require(apps.first { UInt32($0.pid) == pid })
        return (app, owner)
    }

    /// Clicks "Drink" on the last notification tagged `tag` that `host` showed, and waits until
    /// `app`'s delegate prints the answer with that notification's identifier.
    static func click(
        _ tag: String, in fired: [FakeNotificationServer.Call], shownBy host: String, app: ChildProcess,
        on rig: AgentProcessRig
    ) async throws {
        let shown = try #require(
            fired.last { $0.request.summary.hasPrefix("\(tag) ") && $0.sender == host },
            "no notification of \(tag) shown by the new host \(host): \(fired.map { ($0.request.summary, $0.sender) })")
        try await rig.server.emit(.actionInvoked(shown.id, actionKey: "drink"))
        let identifier = shown.request.summary.replacingOccurrences(of: " ", with: "-")
        _ = try await app.waitForLine(timeout: 30) { $0 == "response: drink \(identifier)" }
    }

    @Test(arguments: [false, true])
    func theAppLeftTakesTheAgentWhenItsHostExits(killed: Bool) async throws {
        let rig = try await AgentProcessRig()
        let host = try await Self.startHost(on: rig)
        defer { withExtendedLifetime(host.alone) { host.app.stop(grace: 1) } }
        let survivor = try await Self.startScheduling("A", on: rig)
        defer { withExtendedLifetime(survivor.alone) { survivor.app.stop(grace: 1) } }
        try await Self.end(host, killed: killed, on: rig)
        // Due after the host left, with no other agent started: the survivor fires them itself.
        let fired = try await Self.fired(Self.count, apps: [survivor.app], on: rig)
        #expect(fired.map(\.request.summary).sorted() == Self.summaries("A"))
        let newHost = try await Self.newHost(among: [survivor.app], on: rig)
        // A click after the hand-over reaches the survivor's delegate.
        try await Self.click("A", in: fired, shownBy: newHost.uniqueName, app: survivor.app, on: rig)
    }

    @Test(arguments: [false, true])
    func ofTwoAppsLeftExactlyOneTakesTheAgentAndBothAreServed(killed: Bool) async throws {
        let rig = try await AgentProcessRig()
        let host = try await Self.startHost(on: rig)
        defer { withExtendedLifetime(host.alone) { host.app.stop(grace: 1) } }
        let first = try await Self.startScheduling("A", on: rig)
        defer { withExtendedLifetime(first.alone) { first.app.stop(grace: 1) } }
        let second = try await Self.startScheduling("C", on: rig)
        defer { withExtendedLifetime(second.alone) { second.app.stop(grace: 1) } }
        try await Self.end(host, killed: killed, on: rig)
        let fired = try await Self.fired(2 * Self.count, apps: [first.app, second.app], on: rig)
        #expect(fired.map(\.request.summary).sorted() == Self.summaries("A") + Self.summaries("C"))
        let newHost = try await Self.newHost(among: [first.app, second.app], on: rig)
        // The other app stays, as the new host's client: its clicks reach it through that host.
        try await Self.click("A", in: fired, shownBy: newHost.uniqueName, app: first.app, on: rig)
        try await Self.click("C", in: fired, shownBy: newHost.uniqueName, app: second.app, on: rig)
        #expect(!first.app.hasExited && !second.app.hasExited)
        #expect(try await rig.watcher.nameOwner(of: "org.unotify.Agent") == newHost.uniqueName)
        // Nothing fired twice (by a second agent): the next notification is one sent now.
        let sent = try await rig.unotify(["send", "--app", InProcessAgentTests.app + "A", "Marker"])
        #expect(sent.status == 0, "\(sent)")
        #expect(try await rig.server.calls(before: "Marker").map(\.request.summary) == [])
    }

    @Test func noAppTakesTheAgentFromUnotifydNorWhenUnotifydStops() async throws {
        let rig = try await AgentProcessRig()
        let host = try await Self.startHost(on: rig)
        defer { withExtendedLifetime(host.alone) { host.app.stop(grace: 1) } }
        // Due long after the test: this app only has to be a client.
        let other = try await Self.startScheduling("A", delay: 600, on: rig)
        defer { withExtendedLifetime(other.alone) { other.app.stop(grace: 1) } }
        let agent = try await rig.startAgent()
        defer { agent.stop() }
        // unotifyd took the name from the app that hosted the agent: no hand-over (the name was
        // never left without an owner); and it leaves the name free when it stops.
        let watcher = rig.watcher
        try await Eventually.wait(timeout: TestPatience.event, "unotifyd took org.unotify.Agent from the app") {
            try await watcher.processID(of: "org.unotify.Agent") == UInt32(agent.pid)
        }
        try await rig.stop(agent)
        // The next agent is the one the command starts, not an app: none took the name back.
        let sent = try await rig.unotify(["send", "--app", InProcessAgentTests.app + "A", "Marker"])
        #expect(sent.status == 0, "\(sent)")
        let marker = try await Self.fired(1, apps: [host.app, other.app], on: rig)[0]
        #expect(marker.request.summary == "Marker")
        let shownBy = try await rig.watcher.processID(of: try BusName(validating: marker.sender))
        #expect(![UInt32(host.app.pid), UInt32(other.app.pid)].contains(shownBy), "shown by process \(shownBy)")
        #expect(!host.app.hasExited && !other.app.hasExited)
    }
}

import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// An app alone hosts the agent and is handing a due notification to the server when
/// `unotifyd` starts and takes the agent's name: the notification is shown once. The server
/// holds its answer to that `Notify` until `unotifyd` has started and served a call, so the
/// hand-over happens inside the window however the timing falls. Before the store's claims,
/// `unotifyd` read the notification as "being fired, not yet shown" and showed it again.
@Suite(.timeLimit(.minutes(2))) struct HandOverAtTheDueMomentTests {
    @Test func aNotificationBeingHandedOverWhenUnotifydTakesTheNameIsShownOnce() async throws {
        let gate = NotifyReplyGate(holding: "Due")
        let rig = try await AgentProcessRig(replyGate: gate)
        let (app, alone) = try InProcessAgentTests.startApp(["stay", "Due", "1", "2"], on: rig)
        defer { withExtendedLifetime(alone) { app.stop(grace: 1) } }
        try await InProcessAgentTests.allow(on: rig, app: app)
        _ = try await app.waitForLine(timeout: 30) { $0 == "scheduled" }
        #expect(try await rig.watcher.processID(of: "org.unotify.Agent") == UInt32(app.pid))
        // The app's agent hands "Due 1" over; the server has it and holds its answer.
        let due = try await InProcessAgentTests.nextCall(on: rig, from: app)
        #expect(due.request.summary == "Due 1")
        let agent = try await rig.startAgent()
        defer { agent.stop() }
        // unotifyd has started (a call waits for its start to end) while the answer is held.
        let first = try await rig.unotify(["send", "--app", InProcessAgentTests.app, "Marker"])
        #expect(first.status == 0, "\(first.stderr); unotifyd: \(agent.standardError.suffix(2000))")
        let marker = try await InProcessAgentTests.nextCall(on: rig, from: app)
        gate.open()
        #expect(marker.request.summary == "Marker", "shown before the marker: \(marker.request.summary)")
        // Nothing more: the next call is the second marker.
        let second = try await rig.unotify(["send", "--app", InProcessAgentTests.app, "Second marker"])
        #expect(
            second.status == 0,
            "\(second.stderr); unotifyd: \(agent.standardError.suffix(2000)); the app: \(app.standardError.suffix(2000))"
        )
        let next = try await InProcessAgentTests.nextCall(on: rig, from: app)
        #expect(next.request.summary == "Second marker", "shown twice: \(next.request.summary)")
        let pending = try await rig.unotify(["pending", "--app", InProcessAgentTests.app, "--json"])
        #expect(!pending.stdout.contains("Due"), "\(pending)")
    }
}

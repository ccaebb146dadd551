import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// An idle `unotifyd`, and a `unotify send -w` waiting for a click, sleep: no wake-up at all
/// while nothing happens.
///
/// The idle agent is watched for 30 s (the bar: 0 wake-ups in 30 s); the others for 10 s: the bug these guard against (Dispatch's worker-pool monitor, a 1 s
/// timer) shows 10 wake-ups in it, and any periodic timer of a second or more shows at least
/// one; 0 is the bar. Dispatch's idle worker threads exit 5 s after their last job, once
/// each; the window starts after they have (the process is down to its main thread and
/// Dispatch's manager thread). A message the process must answer, after the window, proves
/// that the counter sees its wake-ups.
@Suite(.timeLimit(.minutes(2))) struct IdleAgentTests {
    static let window: Duration = .seconds(10)

    @Test func anIdleAgentDoesNotWakeUp() async throws {
        let bus = try PrivateBus()
        let state = try TemporaryDirectory("unotify-state")
        let client = try DBusConnection(address: bus.address)
        let agent = try await UNotifyDaemonProcess.startOwningName(on: bus, stateDirectory: state.path, watcher: client)
        let counter = try await Self.countOverQuietWindow(of: agent.pid, window: .seconds(30))
        let idle = try counter.wakeUps()
        // The positive event: a call the agent must answer wakes it, and the counter sees it.
        _ = try await Self.listApps(on: client)
        #expect(try counter.wakeUps() > idle)
        #expect(idle == 0, "the idle agent woke \(idle) times in 30 s")
        agent.send(SIGTERM)
        #expect(try await agent.wait(timeout: 10) == 0)
    }

    /// Idle again after work: a scheduled notification waited for (`Task.sleep`), fired and
    /// saved (`Task.yield` in the saver) must leave nothing that wakes the agent.
    @Test func anAgentIdleAgainAfterFiringDoesNotWakeUp() async throws {
        let bus = try PrivateBus()
        let server = try await FakeNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-state")
        let client = try DBusConnection(address: bus.address)
        let agent = try await UNotifyDaemonProcess.startOwningName(on: bus, stateDirectory: state.path, watcher: client)
        let environment = ["XDG_STATE_HOME": state.path]
        #expect(
            try await UNotifyProcess.run(
                ["settings", "org.example.Tea", "allow"], busAddress: bus.address,
                extraEnvironment: environment
            ).status == 0)
        #expect(
            try await UNotifyProcess.run(
                ["send", "--app", "org.example.Tea", "--in", "1", "Tea is ready"],
                busAddress: bus.address, extraEnvironment: environment
            ).status == 0)
        #expect(try await server.nextCall().request.summary == "Tea is ready")
        let counter = try await Self.countOverQuietWindow(of: agent.pid)
        let idle = try counter.wakeUps()
        _ = try await Self.listApps(on: client)
        #expect(try counter.wakeUps() > idle)
        #expect(idle == 0, "the agent, idle again, woke \(idle) times in \(Self.window)")
    }

    @Test func aWaitingSendDoesNotWakeUp() async throws {
        let bus = try PrivateBus()
        let server = try await FakeNotificationServer(address: bus.address)
        let send = try UNotifyProcess.start(["send", "-w", "Tea is ready"], busAddress: bus.address)
        let call = try await server.nextCall()
        let counter = try await Self.countOverQuietWindow(of: send.pid)
        let idle = try counter.wakeUps()
        // The positive event: the close ends the wait.
        try await server.emit(.closed(call.id, .dismissed))
        #expect(try await send.wait(timeout: 10) == 0)
        #expect(idle == 0, "the waiting send woke \(idle) times in \(Self.window)")
    }

    @Test func aListeningListenDoesNotWakeUp() async throws {
        let bus = try PrivateBus()
        let state = try TemporaryDirectory("unotify-state")
        let client = try DBusConnection(address: bus.address)
        let agent = try await UNotifyDaemonProcess.startOwningName(on: bus, stateDirectory: state.path, watcher: client)
        let listen = try UNotifyProcess.start(
            ["listen", "--app", "org.example.Tea", "--count", "1"], busAddress: bus.address,
            extraEnvironment: ["XDG_STATE_HOME": state.path])
        try await Eventually.wait(timeout: .seconds(10), "listen subscribed to the agent's responses") {
            try await BusMatchRules.count(on: client, mentioning: "Response") > 0
        }
        let counter = try await Self.countOverQuietWindow(of: listen.pid)
        let idle = try counter.wakeUps()
        // The positive event: SIGINT ends listen's wait.
        listen.send(SIGINT)
        #expect(try await listen.wait(timeout: 10) == 0)
        #expect(idle == 0, "the listening listen woke \(idle) times in \(Self.window)")
        agent.send(SIGTERM)
        #expect(try await agent.wait(timeout: 10) == 0)
    }

    static func listApps(on client: DBusConnection) async throws -> DBusMessage {
        try await client.call(
            .methodCall(
                destination: "org.unotify.Agent", path: "/org/unotify/Agent", interface: "org.unotify.Agent1",
                member: "ListApps", body: []))
    }

    /// Waits until `pid` is down to its main and manager threads, then counts its wake-ups over
    /// the window.
    static func countOverQuietWindow(of pid: pid_t, window: Duration = window) async throws -> ProcessWakeCounter {
        try await Eventually.wait(timeout: .seconds(30), "process \(pid)'s idle worker threads to exit") {
            try ProcessWakeCounter.threadIDs(of: pid).count <= 2
        }
        let counter = try ProcessWakeCounter(pid: pid)
        try await Task.sleep(for: window)
        return counter
    }
}

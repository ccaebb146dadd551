import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// An idle `unotifyd`, and a `unotify send -w` waiting for a click, sleep: no wake-up at all
/// while nothing happens.
///
/// The idle agent, the agent idle after 20 `send --app` calls and the waiting `send -w` are
/// watched for 30 s, the others for 10 s: the bug these guard against (Dispatch's worker-pool
/// monitor, a 1 s timer) shows 10 wake-ups in 10 s, and any periodic timer of a second or more
/// shows at least one; 0 is the bar. Dispatch's idle worker threads exit 5 s after their last
/// job, once each; the window starts after they have (the process is down to its main thread,
/// Dispatch's manager thread and the D-Bus watch thread, asleep in `epoll_wait`). A message the process must answer, after the window and
/// while it still runs, proves that the counter sees its wake-ups.
///
/// `scripts/test` runs this suite twice: on the debug build, and on the binaries as
/// `scripts/install` builds them (`UNOTIFY_TEST_BIN_DIR`), whose static Swift runtime once
/// hid the hooks that make the executor quiet.
@Suite(.timeLimit(.minutes(2))) struct IdleAgentTests {
    static let window: Duration = .seconds(10)

    @Test func anIdleAgentDoesNotWakeUp() async throws {
        let bus = try PrivateBus()
        let state = try TemporaryDirectory("unotify-state")
        let client = try DBusConnection(address: bus.address)
        let agent = try await UNotifyDaemonProcess.startOwningName(on: bus, stateDirectory: state.path, watcher: client)
        let (counter, idle) = try await Self.countOverQuietWindow(of: agent.pid, window: .seconds(30))
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
        let setup = try await AllowedAppSetup()
        let send = try await setup.unotify(["send", "--app", "org.example.Tea", "--in", "1", "Tea is ready"])
        #expect(send.status == 0, "send --in failed: \(send.stderr)")
        #expect(try await setup.server.nextCall().request.summary == "Tea is ready")
        let (counter, idle) = try await Self.countOverQuietWindow(of: setup.agent.pid)
        _ = try await Self.listApps(on: setup.client)
        #expect(try counter.wakeUps() > idle)
        #expect(idle == 0, "the agent, idle again, woke \(idle) times in \(Self.window)")
    }

    /// Idle after work from many clients: 20 `send --app` calls, each through the agent's
    /// pipeline to the server, leave nothing that wakes the agent for 30 s.
    @Test func anAgentIdleAfterTwentyAppSendsDoesNotWakeUp() async throws {
        let setup = try await AllowedAppSetup()
        for number in 1...20 {
            let send = try await setup.unotify(["send", "--app", "org.example.Tea", "Tea \(number)"])
            #expect(send.status == 0, "send \(number) failed: \(send.stderr)")
            #expect(try await setup.server.nextCall().request.summary == "Tea \(number)")
        }
        let (counter, idle) = try await Self.countOverQuietWindow(of: setup.agent.pid, window: .seconds(30))
        _ = try await Self.listApps(on: setup.client)
        #expect(try counter.wakeUps() > idle)
        #expect(idle == 0, "the agent, idle after 20 sends, woke \(idle) times in 30 s")
        setup.agent.send(SIGTERM)
        #expect(try await setup.agent.wait(timeout: 10) == 0)
    }

    @Test func aWaitingSendDoesNotWakeUp() async throws {
        let bus = try PrivateBus()
        let server = try await FakeNotificationServer(address: bus.address)
        let client = try DBusConnection(address: bus.address)
        let send = try UNotifyProcess.start(["send", "-w", "Tea is ready"], busAddress: bus.address)
        let call = try await server.nextCall()
        let (counter, idle) = try await Self.countOverQuietWindow(of: send.pid, window: .seconds(30))
        // The positive event, while it still waits: a ping it must answer wakes it, and the
        // counter sees that. Then the close ends the wait.
        try await BusPeer.ping(process: send.pid, on: client)
        #expect(try counter.wakeUps() > idle)
        try await server.emit(.closed(call.id, .dismissed))
        #expect(try await send.wait(timeout: 10) == 0)
        #expect(idle == 0, "the waiting send woke \(idle) times in 30 s")
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
        let (counter, idle) = try await Self.countOverQuietWindow(of: listen.pid)
        // The positive event, while it still listens: a ping it must answer wakes it, and the
        // counter sees that. Then SIGINT ends listen's wait.
        try await BusPeer.ping(process: listen.pid, on: client)
        #expect(try counter.wakeUps() > idle)
        listen.send(SIGINT)
        #expect(try await listen.wait(timeout: 10) == 0)
        #expect(idle == 0, "the listening listen woke \(idle) times in \(Self.window)")
        agent.send(SIGTERM)
        #expect(try await agent.wait(timeout: 10) == 0)
    }

    /// A private bus with a fake server and an agent, and `org.example.Tea` allowed.
    struct AllowedAppSetup {
        let bus: PrivateBus
        let server: FakeNotificationServer
        let state: TemporaryDirectory
        let client: DBusConnection
        let agent: ChildProcess

        init() async throws {
            bus = try PrivateBus()
            server = try await FakeNotificationServer(address: bus.address)
            state = try TemporaryDirectory("unotify-state")
            client = try DBusConnection(address: bus.address)
            agent = try await UNotifyDaemonProcess.startOwningName(on: bus, stateDirectory: state.path, watcher: client)
            let allow = try await unotify(["settings", "org.example.Tea", "allow"])
            guard allow.status == 0 else { throw TestSupportError("settings allow failed: \(allow.stderr)") }
        }

        /// Runs `unotify ARGUMENTS` against this agent.
        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await UNotifyProcess.run(
                arguments, busAddress: bus.address, extraEnvironment: ["XDG_STATE_HOME": state.path])
        }
    }

    static func listApps(on client: DBusConnection) async throws -> DBusMessage {
        try await client.call(
            .methodCall(
                destination: "org.unotify.Agent", path: "/org/unotify/Agent", interface: "org.unotify.Agent1",
                member: "ListApps", body: []))
    }

    /// Waits until `pid` is down to its main and manager threads, then counts its wake-ups over
    /// the window.
    /// The counter, and the wake-ups it saw over `window`, counted while no other test sets the
    /// system's clock (``SystemClockLock``: a setting of the clock rightly wakes the agent).
    static func countOverQuietWindow(of pid: pid_t, window: Duration = window) async throws -> (
        ProcessWakeCounter, Int
    ) {
        try await Eventually.wait(timeout: .seconds(30), "process \(pid)'s idle worker threads to exit") {
            // The D-Bus watch thread (`dbus-watches`) stays for the process's life, asleep in
            // epoll_wait; the others left are the main thread and Dispatch's manager.
            let threads = try ProcessWakeCounter.threadIDs(of: pid).filter { thread in
                // try?: a thread gone meanwhile is one fewer, which is what the wait is for
                (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/comm", encoding: .utf8)) != "dbus-watches\n"
            }
            return threads.count <= 2
        }
        return try await SystemClockLock.whileTheClockStandsStill {
            let counter = try ProcessWakeCounter(pid: pid)
            try await Task.sleep(for: window)
            return (counter, try counter.wakeUps())
        }
    }
}

import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// How `unotifyd`, `unotify send -w` and `unotify listen` end: at once on SIGTERM, and cleanly,
/// saying why, when the bus daemon goes away.
@Suite(.timeLimit(.minutes(1))) struct AgentShutdownTests {
    /// A correctness bound, not a benchmark: stopping takes milliseconds; a second leaves room
    /// for a loaded machine while still catching a stop that waits on a timer.
    static let stopDeadline: TimeInterval = 1

    @Test func sigtermStopsTheAgentAtOnceAndReleasesItsName() async throws {
        let bus = try PrivateBus()
        let state = try TemporaryDirectory("unotify-state")
        var environment = bus.environment
        environment["XDG_STATE_HOME"] = state.path
        let watcher = try DBusConnection(address: bus.address)
        let changes = try await watcher.nameOwnerChanges(of: "org.unotify.Agent")
        let agent = try ChildProcess(UNotifyDaemonProcess.path, [], environment: environment)
        // The moment the name is taken: the agent must already handle SIGTERM then.
        for try await change in changes where change.newOwner != nil { break }
        agent.send(SIGTERM)
        let status = try await agent.wait(timeout: Self.stopDeadline)
        #expect(status == 0, "unotifyd exited with \(status) (143: killed by the SIGTERM it should handle)")
        #expect(try await watcher.nameOwner(of: "org.unotify.Agent") == nil)
    }

    @Test func theAgentSendAndListenExitWhenTheBusGoes() async throws {
        let bus = try PrivateBus()
        let server = try await FakeNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-state")
        let watcher = try DBusConnection(address: bus.address)
        let agent = try await UNotifyDaemonProcess.startOwningName(
            on: bus, stateDirectory: state.path, watcher: watcher)
        let send = try UNotifyProcess.start(["send", "-w", "Tea is ready"], busAddress: bus.address)
        _ = try await server.nextCall()
        let listen = try UNotifyProcess.start(
            ["listen", "--app", "org.example.Tea"], busAddress: bus.address,
            extraEnvironment: ["XDG_STATE_HOME": state.path])
        // listen is waiting once the agent has answered its Listen call: its match rule is in place.
        try await Eventually.wait(timeout: .seconds(10), "listen subscribed to the agent's responses") {
            try await BusMatchRules.count(on: watcher, mentioning: "Response") > 0
        }
        bus.stop()
        #expect(try await agent.wait(timeout: 10) == 0)
        #expect(agent.standardError.contains("unotifyd: the session bus went away"), "\(agent.standardError)")
        #expect(try await send.wait(timeout: 10) == 2)
        #expect(send.standardError.contains("unotify: lost the connection to the session bus"), "\(send.standardError)")
        #expect(try await listen.wait(timeout: 10) == 2)
        #expect(
            listen.standardError.contains("unotify: lost the connection to the session bus"), "\(listen.standardError)")
    }

    /// The agent keeps the notifications on screen in its store for the next agent (a click on
    /// one after a restart reaches its app). When it is told to stop (SIGTERM: the session ends)
    /// or the bus goes away while that change is being written, it finishes the write first.
    /// strace holds every `fdatasync` (the store's commit) for 2 s, so the stop comes while it
    /// is under way whatever the machine's load.
    @Test(arguments: [StopCause.sigterm, .busGoesAway])
    func aStopWaitsForTheDeliveredListBeingWritten(_ cause: StopCause) async throws {
        let bus = try PrivateBus()
        let server = try await FakeNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-state")
        let store = AgentStoreFile(directory: state.url.appendingPathComponent("unotify"))
        let wal = store.path + "-wal"
        var environment = bus.environment
        environment["XDG_STATE_HOME"] = state.path
        let watcher = try DBusConnection(address: bus.address)
        let traced = try ChildProcess(
            "/usr/bin/strace",
            [
                "-f", "-qq", "-o", "/dev/null", "-e", "trace=fdatasync,fsync", "-e",
                "inject=fdatasync,fsync:delay_enter=2000000", UNotifyDaemonProcess.path,
            ], environment: environment)
        defer { traced.stop(grace: 1) }
        try await Eventually.wait(timeout: .seconds(30), "the agent owns org.unotify.Agent") {
            try await watcher.nameOwner(of: "org.unotify.Agent") != nil
        }
        let agent = pid_t(try await watcher.processID(of: "org.unotify.Agent"))
        let environmentOfCalls = ["XDG_STATE_HOME": state.path]
        let allow = try await UNotifyProcess.run(
            ["settings", "org.example.Tea", "allow"], busAddress: bus.address, extraEnvironment: environmentOfCalls)
        #expect(allow.status == 0, "\(allow.stderr)")
        @Sendable func walSize() -> Int {
            // try?: no WAL yet is size 0
            ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int) ?? 0
        }
        let before = walSize()
        let send = try await UNotifyProcess.run(
            ["send", "--app", "org.example.Tea", "Tea", "is ready"], busAddress: bus.address,
            extraEnvironment: environmentOfCalls)
        #expect(send.status == 0, "\(send.stderr)")
        _ = try await server.nextCall()
        // The write has begun: its pages are in the WAL, its commit held by strace.
        try await Eventually.wait(timeout: TestPatience.event, "the agent writes the delivered notification") {
            walSize() > before
        }
        switch cause {
        case .sigterm: kill(agent, SIGTERM)
        case .busGoesAway: bus.stop()
        }
        #expect(try await traced.wait(timeout: 30) == 0, "\(traced.standardError)")
        let saved = try store.rows(of: "delivered").map { AgentStoreFile.text($0["record"]) ?? "" }
        switch cause {
        case .sigterm:
            #expect(saved.contains { $0.contains("is ready") }, "\(saved)")
        case .busGoesAway:
            // The server went with the bus, and its notifications with it: none is left delivered.
            #expect(saved.isEmpty, "\(saved)")
        }
    }

    enum StopCause: String, CustomTestStringConvertible, Sendable {
        case sigterm, busGoesAway
        var testDescription: String { rawValue }
    }
}

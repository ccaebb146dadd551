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
}

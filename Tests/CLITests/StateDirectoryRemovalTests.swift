import DBus
import Foundation
import Testing
import TestSupport

/// A test's state directory (`TemporaryDirectory`) is removed only once the agents that keep
/// their state in it have stopped: an agent still running would make it anew with its next save
/// (its delivered list after a close, or at its stop), and it would be left behind.
@Suite(.timeLimit(.minutes(1))) struct StateDirectoryRemovalTests {
    /// The agent the test started itself.
    @Test func releasingTheDirectoryStopsTheAgentFirst() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let watcher = try DBusConnection(address: bus.address)
        let path: String
        let agent: ChildProcess
        do {
            let state = try TemporaryDirectory("unotify-state")
            path = state.path
            agent = try await UNotifyDaemonProcess.startOwningName(
                on: bus, stateDirectory: state.path, watcher: watcher)
        }
        let status = (try? String(contentsOfFile: "/proc/\(agent.pid)/status", encoding: .utf8)) ?? "(no status)"
        #expect(agent.hasExited, "unotifyd still runs on a state directory that was removed: \(status)")
        #expect(!FileManager.default.fileExists(atPath: path))
        await watcher.close()
    }

    /// The agent `unotify` started, in a session of its own, as in the end-to-end matrix.
    @Test func releasingTheDirectoryStopsTheAgentUnotifyStarted() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let watcher = try DBusConnection(address: bus.address)
        let path: String
        do {
            let state = try TemporaryDirectory("unotify-state")
            path = state.path
            let allowed = try await UNotifyProcess.run(
                ["settings", "org.example.Tea", "allow"], busAddress: bus.address,
                extraEnvironment: ["XDG_STATE_HOME": state.path])
            #expect(allowed.status == 0, "\(allowed.stderr)")
            #expect(StateDirectoryAgents.find(using: state.path).count == 1, "the agent unotify started")
        }
        #expect(StateDirectoryAgents.find(using: path).isEmpty, "unotifyd still runs on a removed directory")
        #expect(!FileManager.default.fileExists(atPath: path))
        try await Eventually.wait(timeout: TestPatience.event, "org.unotify.Agent is free") {
            try await watcher.nameOwner(of: "org.unotify.Agent") == nil
        }
        await watcher.close()
    }
}

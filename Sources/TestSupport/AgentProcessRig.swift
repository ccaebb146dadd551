import DBus
import Foundation
import FreedesktopNotifications

/// `unotifyd` as a process on a private bus of its own, with a fake notification server, a state
/// directory and a data directory: the one rig of the tests that run the agent and the CLI as
/// the user does. (The agent's own tests run it in their process: `AgentRig`.)
public final class AgentProcessRig: Sendable {
    public let bus: PrivateBus
    public let server: FakeNotificationServer
    /// `XDG_STATE_HOME` of the agent and every `unotify` the rig runs.
    public let state: TemporaryDirectory
    /// `XDG_DATA_HOME` of the same (sounds, desktop entries); `XDG_DATA_DIRS` is a folder in it
    /// that does not exist, so nothing installed on the machine is found.
    public let data: TemporaryDirectory
    /// A connection of the test's own, to watch names on the bus.
    public let watcher: DBusConnection

    /// A rig whose fake server says it has `capabilities` (and holds the answers `replyGate`
    /// holds).
    public init(
        capabilities: [String] = ["actions", "body", "body-markup", "persistence"], replyGate: NotifyReplyGate? = nil
    ) async throws {
        bus = try PrivateBus()
        server = try await FakeNotificationServer(
            address: bus.address, capabilities: capabilities, replyGate: replyGate)
        state = try TemporaryDirectory("unotify-state")
        data = try TemporaryDirectory("unotify-data")
        watcher = try DBusConnection(address: bus.address)
    }

    /// The environment the agent and the CLI get beside the bus's.
    public var environment: [String: String] {
        ["XDG_STATE_HOME": state.path, "XDG_DATA_HOME": data.path, "XDG_DATA_DIRS": data.path + "/none"]
    }

    /// Starts `unotifyd` and waits (bounded) until it owns its name.
    public func startAgent(extraEnvironment: [String: String] = [:]) async throws -> ChildProcess {
        try await UNotifyDaemonProcess.startOwningName(
            on: bus, stateDirectory: state.path, watcher: watcher,
            extraEnvironment: environment.merging(extraEnvironment) { $1 })
    }

    /// Stops `agent` cleanly (SIGTERM), expects it to exit 0, and waits until its name is free.
    public func stop(_ agent: ChildProcess) async throws {
        agent.send(SIGTERM)
        let status = try await agent.wait(timeout: 10)
        guard status == 0 else { throw TestSupportError("unotifyd exited \(status): \(agent.standardError)") }
        let watcher = watcher
        try await Eventually.wait(timeout: .seconds(10), "org.unotify.Agent is free") {
            try await watcher.nameOwner(of: "org.unotify.Agent") == nil
        }
    }

    /// Runs `unotify ARGUMENTS` to its end (bounded).
    public func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await UNotifyProcess.run(arguments, busAddress: bus.address, extraEnvironment: environment)
    }

    /// Starts `unotify ARGUMENTS` (for one that waits: `listen`, `request`).
    public func start(_ arguments: [String]) throws -> ChildProcess {
        try UNotifyProcess.start(arguments, busAddress: bus.address, extraEnvironment: environment)
    }
}

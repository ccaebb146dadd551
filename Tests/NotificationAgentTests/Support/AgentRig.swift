import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Synchronization
import Testing
import TestSupport

@testable import NotificationAgent

/// The agent in this process on a private bus of its own, with a fake notification server
/// (``fake``), a state directory, and a client: the one rig of the agent's tests. What a suite
/// varies (the server's capabilities and name, the prompt's language, the desktop's settings,
/// a sound player, a directory that fails) is an argument; a suite that needs more keeps a rig
/// of its own around this one.
struct AgentRig {
    let bus: PrivateBus
    let fake: FakeNotificationServer
    let agent: NotificationAgent
    let client: AgentClient
    /// The agent's state directory: `directory` when given, else a temporary one, which the
    /// agent keeps (``AgentLog/keeping(_:_:)``): it is removed once the agent is gone.
    let directory: URL
    /// What the agent logged (``AgentLog``), each line also on standard error.
    let log = LogLines()

    /// The lines an agent logged, in order.
    final class LogLines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func append(_ line: String) { lines.withLock { $0.append(line) } }
    }

    init(
        language: String = "en", capabilities: [String] = ["actions", "body", "body-markup", "persistence"],
        information: ServerInformation = ServerInformation(
            name: "fake", vendor: "unotify tests", version: "1", specVersion: "1.2"),
        desktopSettings: (any DesktopAppSettingsStore)? = nil, soundPlayer: SoundPlayer = SoundPlayer(),
        directory: URL? = nil, keeping directoryOwner: (any Sendable)? = nil,
        monotonicClock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) async throws {
        bus = try PrivateBus()
        fake = try await FakeNotificationServer(
            address: bus.address, capabilities: capabilities, information: information)
        // What removes the directory (a `TemporaryDirectory`, a `TmpfsMount`) goes with the agent.
        let owner: (any Sendable)?
        if let directory {
            owner = directoryOwner
            self.directory = directory
        } else {
            let temporary = try TemporaryDirectory("unotify-state")
            owner = temporary
            self.directory = temporary.url
        }
        agent = NotificationAgent(
            connection: try DBusConnection(address: bus.address),
            store: SettingsStore(directory: self.directory), strings: PromptStrings(language: language),
            soundPlayer: soundPlayer, desktopSettings: desktopSettings,
            log: AgentLog.keeping(owner) { [log] line in
                log.append(line)
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }, monotonicClock: monotonicClock)
        #expect(try await agent.start())
        client = try await AgentClient(address: bus.address, startAgent: false)
    }

    /// Starts a request and returns the prompt the fake server received, plus the waiting task.
    func request(_ app: String, _ options: AuthorizationOptionBits = [.alert, .sound, .badge]) async throws
        -> (FakeNotificationServer.Call, Task<(granted: Bool, status: AppSettings.Authorization), any Error>)
    {
        let client = self.client
        let waiting = Task {
            try await client.requestAuthorization(app: app, options: options, timeout: .seconds(20))
        }
        return (try await fake.nextCall(), waiting)
    }

    /// Shows a notification from another app, allowed for the purpose, and returns the
    /// summaries of the calls the server received before it: what the steps before this
    /// marker showed. An absence check that ends on a positive event, not a quiet interval.
    func shownBeforeMarker() async throws -> [String] {
        try await Self.marker(client: client, fake: fake).shown
    }

    /// The notifications the agent closed before a marker's close (see ``marker(client:fake:)``).
    func closedBeforeMarker() async throws -> [ServerNotificationID] {
        try await Self.marker(client: client, fake: fake).closed
    }

    /// The same through any agent `client` and its server `fake`.
    static func shownBeforeMarker(client: AgentClient, fake: FakeNotificationServer) async throws -> [String] {
        try await marker(client: client, fake: fake).shown
    }

    /// Shows a marker notification from another app, allowed for the purpose, and clicks
    /// it. The agent handles the server's events one after the other and closes a clicked
    /// notification: once the marker's close has come, every event before the click has
    /// been handled to its end. Returns the summaries shown and the ids closed before.
    static func marker(client: AgentClient, fake: FakeNotificationServer) async throws
        -> (shown: [String], closed: [ServerNotificationID])
    {
        _ = try await client.setSettings(
            app: "org.example.Marker",
            changes: AppSettings.authorized(requesting: [.alert]).wire)
        let marker = try await client.add(
            app: "org.example.Marker",
            request: DeliveryRequest(identifier: "marker", title: "Marker"))
        let shown = try await fake.calls(before: "Marker").map(\.request.summary)
        try await fake.emit(.actionInvoked(marker, actionKey: NotificationAction.defaultKey))
        try await fake.waitForClose(of: marker)
        return (shown, Array(fake.closedIDs.prefix { $0 != marker }))
    }
}

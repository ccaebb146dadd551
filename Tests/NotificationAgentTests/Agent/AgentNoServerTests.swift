import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// No notification server at all, then one appears: a direct request is a clear error to its
/// caller, and a scheduled one that came due meanwhile is shown when the server appears (it is
/// kept, never dropped).
@Suite(.timeLimit(.minutes(1))) struct AgentNoServerTests {
    @Test func aScheduledNotificationDueWithNoServerIsShownWhenOneAppears() async throws {
        let bus = try PrivateBus()
        let monitor = try await BusMonitor(address: bus.address)
        let state = try TemporaryDirectory("unotify-state")
        let agent = NotificationAgent(
            connection: try DBusConnection(address: bus.address),
            store: SettingsStore(directory: state.url), strings: PromptStrings(language: "en"),
            log: .standardError(keeping: state))
        #expect(try await agent.start())
        let client = try await AgentClient(address: bus.address, startAgent: false)
        _ = try await client.setSettings(
            app: "org.example.Tea", changes: AppSettings.authorized(requesting: [.alert]).wire)
        let direct = await #expect(throws: AgentError.self) {
            _ = try await client.add(app: "org.example.Tea", request: DeliveryRequest(identifier: "now", title: "Now"))
        }
        #expect(direct?.code == .server)
        #expect(direct.map { "\($0)".contains("no notification server") } == true, "\(String(describing: direct))")
        // The monitor sees the bus's messages in order: once it has the agent's answer to the
        // direct request, it has every look-up for the server made before it.
        try await Eventually.wait(timeout: .seconds(10), "the agent's refusal of the direct request on the bus") {
            monitor.messages.contains { $0.kind == "error" && $0.fields["error_name"] == "org.unotify.Error.Server" }
        }
        let lookupsBefore = Self.serverLookupsFindingNoOne(monitor.messages)
        #expect(lookupsBefore >= 1, "the direct request never looked for the server")
        _ = try await client.add(
            app: "org.example.Tea", request: DeliveryRequest(identifier: "later", title: "Later"),
            trigger: .timeInterval(seconds: 0.2, repeats: false))
        // Due, with no server: the agent looked for the server to show it, the bus answered that
        // no one runs it (that answer reaches the agent before the next call does), and it is
        // still listed as pending (it waits for a server).
        try await Eventually.wait(timeout: .seconds(10), "the agent looking for a server for the due one") {
            Self.serverLookupsFindingNoOne(monitor.messages) > lookupsBefore
        }
        #expect(try await client.pending(app: "org.example.Tea").map(\.request.identifier) == ["later"])
        let server = try await FakeNotificationServer(address: bus.address)
        #expect(try await server.nextCall().request.summary == "Later")
        try await Eventually.wait(timeout: .seconds(10), "nothing pending") {
            (try? await client.pending(app: "org.example.Tea").isEmpty) == true
        }
    }

    /// The agent's look-ups of the notification server (`GetNameOwner` of its name, or a call to
    /// it) that the bus answered with an error: no one owns the name.
    static func serverLookupsFindingNoOne(_ messages: [MonitoredMessage]) -> Int {
        let server = NotificationsService.busName.rawValue
        return messages.filter { call in
            call.kind == "method call"
                && (call.destination == server || (call.member == "GetNameOwner" && call.scalar(0) == server))
                && messages.contains {
                    $0.kind == "error" && $0.replySerial == call.serial && $0.destination == call.sender
                }
        }.count
    }
}

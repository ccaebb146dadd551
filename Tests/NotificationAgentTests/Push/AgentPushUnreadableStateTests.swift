import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import NotificationAgent

#if canImport(Glibc)
    import Glibc
#endif

/// "I cannot read my state" is never "this token is not mine": with `push.json` truncated,
/// garbage or a FIFO, a message for a real token is refused (so its distributor keeps it) and
/// counted, the distributor is never asked to unregister the token, and once the file is back
/// the same token's next message is shown.
@Suite(.timeLimit(.minutes(1))) struct AgentPushUnreadableStateTests {
    enum Damage: String, CaseIterable, Sendable {
        case truncated, garbage, fifo
    }

    static func damage(_ path: String, _ damage: Damage, keeping original: Data) throws {
        try FileManager.default.removeItem(atPath: path)
        switch damage {
        case .truncated: try original.prefix(original.count / 2).write(to: URL(fileURLWithPath: path))
        case .garbage: try Data([0xFF, 0x00, 0x7B, 0x22]).write(to: URL(fileURLWithPath: path))
        case .fifo:
            guard mkfifo(path, 0o600) == 0 else { throw TestSupportError("mkfifo \(path): errno \(errno)") }
        }
    }

    @Test(arguments: Damage.allCases)
    func anUnreadablePushFileUnregistersNothingAndLosesNothing(_ damage: Damage) async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        try await AgentPushConnectorTests.allow(rig)
        let subscription = try AgentPushConnectorTests.Subscription(
            try await rig.client.registerPush(app: AgentPushConnectorTests.app))
        let token = try await AgentPushConnectorTests.token(distributor)
        let path = rig.directory.appendingPathComponent("push.json").path
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        try Self.damage(path, damage, keeping: original)

        let fresh = NotificationAgent(
            connection: try DBusConnection(address: rig.bus.address), store: SettingsStore(directory: rig.directory),
            strings: PromptStrings(language: "en"))
        let body = try subscription.encrypt(AgentPushConnectorTests.alert)
        await #expect(throws: DBusError.self, "refused, so that the distributor keeps the message") {
            _ = try await fresh.connectorCalled(
                AgentPushConnectorTests.connectorMessage(
                    body, token: token, id: "m1", sender: distributor.connection.uniqueName))
        }
        #expect(await fresh.push.unregistering.isEmpty, "the distributor is not asked to forget the token")
        let counts = await fresh.pushStatus().1
        #expect(counts[PushCounts.Outcome.stateUnreadable.rawValue] == 1, "\(counts)")
        #expect(counts[PushCounts.Outcome.unknownToken.rawValue] == 0, "\(counts)")

        // The file back as it was: the message, sent again, is shown.
        try FileManager.default.removeItem(atPath: path)
        try original.write(to: URL(fileURLWithPath: path))
        _ = try await fresh.connectorCalled(
            AgentPushConnectorTests.connectorMessage(
                body, token: token, id: "m1", sender: distributor.connection.uniqueName))
        #expect(try await rig.fake.nextCall().request.summary == "Ann")
        #expect(await distributor.unregistered == [])
        await distributor.stop()
    }
}

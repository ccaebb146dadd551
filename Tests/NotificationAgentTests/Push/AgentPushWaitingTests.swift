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

/// A message the agent takes while `push.json` cannot be read is kept (`push-waiting.json`,
/// 0600, bounded) and shown once the file can be read again, once: a distributor that never
/// sends it again (KUnifiedPush) loses nothing, and one that does shows nothing twice.
@Suite(.timeLimit(.minutes(1))) struct AgentPushWaitingTests {
    typealias Connector = AgentPushConnectorTests
    typealias Damage = AgentPushUnreadableStateTests.Damage

    /// A registered app whose `push.json` is then damaged, and a new agent (as D-Bus
    /// activation starts one) on the same directory, logging into `log`.
    struct Setup {
        let rig: AgentTests.Rig
        let distributor: FakeDistributor
        let subscription: Connector.Subscription
        let token: String
        let path: String
        let original: Data
        let fresh: NotificationAgent
        let log = AgentRig.LogLines()

        init(_ damage: Damage) async throws {
            rig = try await AgentTests.Rig()
            distributor = try await FakeDistributor(address: rig.bus.address)
            try await Connector.allow(rig)
            subscription = try Connector.Subscription(try await rig.client.registerPush(app: Connector.app))
            token = try await Connector.token(distributor)
            path = rig.directory.appendingPathComponent("push.json").path
            original = try Data(contentsOf: URL(fileURLWithPath: path))
            try AgentPushUnreadableStateTests.damage(path, damage, keeping: original)
            fresh = NotificationAgent(
                connection: try DBusConnection(address: rig.bus.address),
                store: SettingsStore(directory: rig.directory), strings: PromptStrings(language: "en"),
                log: AgentLog { [log] line in log.append(line) })
        }

        /// The distributor's `Message` with `payload`, from the distributor's connection.
        func send(_ body: Data, id: String, sender: String? = nil) async throws {
            var from = sender
            if from == nil { from = await distributor.connection.uniqueName }
            _ = try await fresh.connectorCalled(
                Connector.connectorMessage(body, token: token, id: id, sender: from ?? ""))
        }

        /// `push.json` put back as it was, as a user restores it (removed, then written).
        func repair() throws {
            try FileManager.default.removeItem(atPath: path)
            try original.write(to: URL(fileURLWithPath: path))
        }

        var waitingPath: String { rig.directory.appendingPathComponent(AgentDatabase.fileName).path }
        var waiting: WaitingPushTable { WaitingPushTable(directory: rig.directory) }

        func count(_ outcome: PushCounts.Outcome) async -> UInt32 {
            await fresh.pushStatus().1[outcome.rawValue] ?? 0
        }
    }

    static func alert(_ title: String) -> String { #"{"aps": {"alert": {"title": ""# + title + #""}}}"# }

    /// Before the fix the refused message was gone: a distributor that does not send it again
    /// (KUnifiedPush) never had it shown, and nothing waited for the repair.
    @Test(arguments: Damage.allCases)
    func aMessageRefusedForAnUnreadablePushFileIsShownOnceTheFileIsRepaired(_ damage: Damage) async throws {
        let setup = try await Setup(damage)
        let body = try setup.subscription.encrypt(Connector.alert)
        await #expect(throws: DBusError.self, "still refused, so that a distributor that can keeps it too") {
            try await setup.send(body, id: "m1")
        }
        #expect(await setup.count(.stateUnreadable) == 1)
        #expect(await setup.count(.kept) == 1)
        #expect(setup.log.all.contains { $0.contains("kept in \(setup.waitingPath)") }, "\(setup.log.all)")

        try setup.repair()
        #expect(try await setup.rig.fake.nextCall().request.summary == "Ann", "shown once the file is back")
        try await Eventually.wait(timeout: .seconds(10), "taken out of the store once shown") {
            try setup.waiting.count() == 0
        }
        // A distributor that sends it again now (it was refused): dropped, not shown twice.
        try await setup.send(body, id: "m1")
        #expect(await setup.count(.replayed) == 1)
        #expect(try await setup.rig.shownBeforeMarker() == [], "shown once")
        #expect(await setup.count(.delivered) == 1)
        #expect(await setup.distributor.unregistered == [])
        await setup.distributor.stop()
    }

    /// The waiting file is private (0600) and bounded: at most 64 messages, the oldest dropped
    /// with a log line and a count; once the file is back, the 64 kept are shown in order.
    @Test func theWaitingMessagesArePrivateAndBoundedOldestDroppedFirst() async throws {
        let setup = try await Setup(.garbage)
        let total = WaitingPushTable.maximumCount + 1
        for number in 1...total {
            let body = try setup.subscription.encrypt(Self.alert("m\(number)"))
            await #expect(throws: DBusError.self) { try await setup.send(body, id: "m\(number)") }
        }
        var status = stat()
        #expect(stat(setup.waitingPath, &status) == 0)
        #expect(
            status.st_mode & 0o777 == 0o600,
            "the store is 0600, not \(String(status.st_mode & 0o777, radix: 8))")
        let kept = try setup.waiting.all()
        #expect(kept.map(\.id) == (2...total).map { "m\($0)" }, "the oldest dropped")
        #expect(await setup.count(.kept) == UInt32(total))
        #expect(await setup.count(.waitingDropped) == 1)
        #expect(
            setup.log.all.contains { $0.contains("oldest message waiting") && $0.contains("dropped unshown") },
            "\(setup.log.all)")

        try setup.repair()
        var shown: [String] = []
        for _ in 2...total { shown.append(try await setup.rig.fake.nextCall().request.summary) }
        #expect(shown == (2...total).map { "m\($0)" }, "each kept message shown, in order")
        #expect(try await setup.rig.shownBeforeMarker() == [])
        await setup.distributor.stop()
    }

    /// Only a distributor's message is kept: a connection that owns no distributor name could
    /// otherwise fill the file and push the real messages out.
    @Test func aMessageFromAConnectionThatIsNoDistributorIsNotKept() async throws {
        let setup = try await Setup(.garbage)
        let body = try setup.subscription.encrypt(Connector.alert)
        let stranger = try DBusConnection(address: setup.rig.bus.address)
        await #expect(throws: DBusError.self) { try await setup.send(body, id: "m1", sender: stranger.uniqueName) }
        #expect(await setup.count(.kept) == 0)
        #expect(try setup.waiting.count() == 0)
        #expect(setup.log.all.contains { $0.contains("owns no distributor name") }, "\(setup.log.all)")
        await stranger.close()
        await setup.distributor.stop()
    }

    /// A distributor's `NewEndpoint` refused for an unreadable `push.json` is not kept; once the
    /// file is repaired the agent sends `Register` again for its subscriptions (the spec's way to
    /// have the distributor send the current endpoint), not only at its next start.
    @Test func aNewEndpointRefusedForAnUnreadablePushFileIsAskedForAgainOnceTheFileIsRepaired() async throws {
        let setup = try await Setup(.garbage)
        let registers = await setup.distributor.registers
        var call = DBusMessage.methodCall(
            destination: AgentInterface.busName, path: UnifiedPush.connectorPath, interface: UnifiedPush.connector2,
            member: "NewEndpoint",
            body: [
                [
                    "token": DBusVariant(setup.token), "endpoint": DBusVariant("https://push.example.org/up/new"),
                ].dbusValue
            ])
        call.sender = await setup.distributor.connection.uniqueName
        await #expect(throws: DBusError.self) { _ = try await setup.fresh.connectorCalled(call) }
        try setup.repair()
        try await Eventually.wait(timeout: .seconds(20), "the repaired agent registers again") {
            await setup.distributor.registers > registers
        }
        await setup.distributor.stop()
    }

    /// The bounds on their own: the count, the bytes of everything kept, and the same message
    /// kept once.
    @Test func theWaitingMessagesKeepTheirBounds() throws {
        let directory = try TemporaryDirectory("unotify-waiting")
        let table = WaitingPushTable(directory: directory.url)
        func message(_ number: Int, bytes: Int, names: Int = 1) -> WaitingPushMessage {
            WaitingPushMessage(
                token: "t", id: "m\(number)",
                body: Base64URL.encode([UInt8](repeating: UInt8(number % 256), count: bytes)),
                distributors: (0..<names).map { "org.unifiedpush.Distributor.kde\($0)" })
        }
        for number in 1...WaitingPushTable.maximumCount { #expect(try table.append(message(number, bytes: 10)) == []) }
        #expect(try table.append(message(1, bytes: 10)) == [], "a message already waiting is not kept twice")
        #expect(try table.append(message(0, bytes: 10)).map(\.id) == ["m1"])
        #expect(try table.count() == WaitingPushTable.maximumCount)

        let large = WaitingPushTable(directory: try TemporaryDirectory("unotify-waiting").url)
        var dropped = 0
        for number in 1...100 {
            dropped += try large.append(message(number, bytes: 4_096, names: WaitingPushTable.maximumDistributors))
                .count
            #expect(try large.totalBytes() <= WaitingPushTable.maximumBytes)
        }
        #expect(dropped > 0)
        #expect(try large.all().last?.id == "m100", "over the bytes: the oldest dropped")
    }

    /// Before the fix the bound counted bodies only: a sender owning 400 distributor names grew
    /// the file to 2 MB (9 MB with 3 000). Everything a message keeps counts now, and a sender
    /// owning more names than a distributor does is not kept at all.
    @Test func distributorNamesAndIdsCountTowardsTheBound() throws {
        let directory = try TemporaryDirectory("unotify-waiting")
        let table = WaitingPushTable(directory: directory.url)
        let names = (0..<400).map { "org.unifiedpush.Distributor.flood\($0)" }
        let flooded = WaitingPushMessage(token: "t", id: "flood", body: "AAAA", distributors: names)
        #expect(throws: StoreError.self) { try table.append(flooded) }
        let longID = String(repeating: "i", count: 8_000)
        for number in 0..<64 {
            _ = try table.append(
                WaitingPushMessage(token: "t", id: "\(number)\(longID)", body: "AAAA", distributors: []))
            #expect(try table.totalBytes() <= WaitingPushTable.maximumBytes)
        }
        let size =
            try FileManager.default.attributesOfItem(
                atPath: directory.url.appendingPathComponent(AgentDatabase.fileName).path)[.size] as? Int
        #expect((size ?? 0) < 4 * WaitingPushTable.maximumBytes, "the store stays near the bound: \(size ?? 0) bytes")
    }
}

import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import NotificationAgent

/// A Web Push body of every size the specifications allow reaches a real `unotifyd` through a
/// distributor on a private bus and is shown: UnifiedPush's `Message` carries 1 to 4 096 bytes
/// (RFC 8291's 4 096, record header, padding delimiter and tag included: 3 993 bytes of
/// plaintext). The connector's argument limit (16 384) once counted each byte of the body's `ay`
/// as 8, so a body over about 2 040 bytes was refused with `LimitsExceeded` before any push code
/// ran, and nothing was logged.
@Suite(.timeLimit(.minutes(2))) struct PushMessageSizeTests {
    static let app = "org.example.Chat"
    /// What RFC 8291's `aes128gcm` adds to one record's plaintext: salt 16, record size 4, key
    /// id length 1, the sender's key 65, the padding delimiter 1 and the AEAD tag 16.
    static let encryptionOverhead = 103

    /// `unotifyd`, a distributor speaking `version`, and an allowed app registered with it.
    struct Setup {
        let rig: AgentProcessRig
        let agent: ChildProcess
        let distributor: FakeDistributor
        let client: AgentClient
        let subscription: AgentPushConnectorTests.Subscription
        let token: String

        init(version: Int) async throws {
            rig = try await AgentProcessRig()
            agent = try await rig.startAgent()
            distributor = try await FakeDistributor(address: rig.bus.address, versions: [version])
            client = try await AgentClient(address: rig.bus.address, startAgent: false)
            _ = try await client.setSettings(
                app: PushMessageSizeTests.app, changes: AppSettings.authorized(requesting: [.alert]).wire)
            subscription = try AgentPushConnectorTests.Subscription(
                try await client.registerPush(app: PushMessageSizeTests.app))
            token = try await AgentPushConnectorTests.token(distributor)
            #expect(try #require(await distributor.registrations.values.first).version == version)
        }

        func stop() async throws {
            await distributor.stop()
            try await rig.stop(agent)
            rig.bus.stop()
        }
    }

    /// An APNs payload titled `title` whose encrypted body is exactly `size` bytes.
    static func body(of size: Int, title: String, for subscription: AgentPushConnectorTests.Subscription) throws
        -> Data
    {
        let head = #"{"aps":{"alert":{"title":"\#(title)","body":""#
        let tail = #""}}}"#
        let padding = size - encryptionOverhead - head.utf8.count - tail.utf8.count
        let body = try subscription.encrypt(head + String(repeating: "x", count: padding) + tail)
        #expect(body.count == size)
        return body
    }

    /// 2 043 bytes (the first size refused before) and 4 096 (the largest a push service takes),
    /// through `Connector2` and `Connector1`: each is taken and shown.
    @Test(arguments: [2, 1]) func aBodyOfUpTo4096BytesIsShown(version: Int) async throws {
        let setup = try await Setup(version: version)
        for size in [2_043, 4_096] {
            let body = try Self.body(of: size, title: "Size \(size)", for: setup.subscription)
            try await setup.distributor.message(body, token: setup.token)
            #expect(try await setup.rig.server.nextCall().request.summary == "Size \(size)")
        }
        #expect(try await setup.client.pushStatus().counts[PushCounts.Outcome.delivered.rawValue] == 2)
        try await setup.stop()
    }

    /// A body one byte over 4 096 passes the bus's limit and is refused by the decryption, which
    /// is where the push code says why: counted `undecryptable`, logged, nothing shown.
    @Test func aBodyOf4097BytesIsRefusedByThePushCodeAndCounted() async throws {
        let setup = try await Setup(version: 2)
        let body = try Self.body(of: 4_097, title: "Too large", for: setup.subscription)
        try await setup.distributor.message(body, token: setup.token)
        #expect(try await setup.client.pushStatus().counts[PushCounts.Outcome.undecryptable.rawValue] == 1)
        _ = try await setup.agent.waitForLine(timeout: 10, inStandardError: true) {
            $0.contains("push:") && $0.contains("4097")
        }
        try await setup.stop()
    }

    /// A `Message` over the connector's own limit is refused at the door with `LimitsExceeded`,
    /// and the agent says so in one line naming the method, its limit and what was counted.
    @Test func aMessageOverTheConnectorsLimitIsRefusedAndLogged() async throws {
        let setup = try await Setup(version: 2)
        let error = await #expect(throws: DBusError.self) {
            try await setup.distributor.message(Data(repeating: 7, count: 16_384), token: setup.token)
        }
        #expect(error?.name == ErrorName.limitsExceeded.rawValue, "\(String(describing: error))")
        let line = try await setup.agent.waitForLine(timeout: 10, inStandardError: true) {
            $0.contains("LimitsExceeded")
        }
        #expect(line.hasPrefix("unotifyd: push: Message"), "\(line)")
        #expect(line.contains("16384"), "\(line)")
        try await setup.stop()
    }
}

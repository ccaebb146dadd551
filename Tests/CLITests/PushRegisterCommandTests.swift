import DBus
import Foundation
import Testing
import TestSupport

/// `unotify push --register APP` / `--unregister APP` as processes, against a distributor on a
/// private bus, and `unotify server --explain` naming it.
@Suite(.timeLimit(.minutes(2))) struct PushRegisterCommandTests {
    @Test func registerPrintsTheSubscriptionAsABrowserGivesIt() async throws {
        let rig = try await PushCommandTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        let result = try await rig.unotify(["push", "--register", "org.example.Chat"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["endpoint", "expirationTime", "keys"])
        #expect(object["expirationTime"] is NSNull)
        let registration = try #require(await distributor.registrations.values.first)
        #expect(object["endpoint"] as? String == registration.endpoint)
        let keys = try #require(object["keys"] as? [String: String])
        #expect(Set(keys.keys) == ["p256dh", "auth"])
        #expect(keys["p256dh"]?.count == 87)  // 65 bytes, base64url without padding
        #expect(keys["auth"]?.count == 22)  // 16 bytes
        #expect(try await rig.unotify(["push", "--register", "org.example.Chat"]).stdout == result.stdout)

        let unregister = try await rig.unotify(["push", "--unregister", "org.example.Chat"])
        #expect(unregister.status == 0, "\(unregister.stderr)")
        #expect(await distributor.unregistered.count == 1)
        let again = try await rig.unotify(["push", "--unregister", "org.example.Chat"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("not registered"))
        await distributor.stop()
    }

    @Test func registerWithNoDistributorFailsWithStatusTwoAndAReason() async throws {
        let rig = try await PushCommandTests.Rig()
        let result = try await rig.unotify(["push", "--register", "org.example.Chat"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no UnifiedPush distributor is on the session bus"))
    }

    @Test func serverExplainNamesTheDistributorOrNone() async throws {
        let rig = try await PushCommandTests.Rig()
        let none = try await rig.unotify(["server", "--explain"])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.stdout.contains("push distributor: none"))
        let distributor = try await FakeDistributor(address: rig.bus.address)
        let one = try await rig.unotify(["server", "--explain"])
        #expect(one.stdout.contains("push distributor: org.unifiedpush.Distributor.fake\n"))
        await distributor.stop()
    }
}

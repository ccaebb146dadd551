import DBus
import Foundation
import Testing
import TestSupport
@testable import NotificationAgent
@testable import UserNotifications

/// An app's registration for remote notifications through Apple's shape: the device token is
/// the Web Push subscription JSON the CLI prints, and no distributor is an error with a reason.
@Suite(.timeLimit(.minutes(1))) struct RemoteNotificationRegistrationTests {
    @Test func theDeviceTokenIsTheSubscriptionTheCLIPrints() async throws {
        let rig = try await AgentBackendTests.Rig()
        let distributor = try await FakeDistributor(address: rig.base.bus.address)
        let token = try await rig.center.registerForRemoteNotifications()
        let subscription = try AgentPushConnectorTests.Subscription(String(decoding: token, as: UTF8.self))
        #expect(subscription.endpoint == (await distributor.registrations.values.first)?.endpoint)
        #expect(try await rig.base.client.registerPush(app: "org.example.Tea") == subscription.json)
        // The completion-handler form hands over the same token.
        let handed = await withCheckedContinuation { continuation in
            rig.center.registerForRemoteNotifications { token, error in
                continuation.resume(returning: (token, error == nil))
            }
        }
        #expect(handed.0 == token && handed.1)
        try await rig.center.unregisterForRemoteNotifications()
        #expect(await distributor.unregistered.count == 1)
        #expect(try await rig.center.registerForRemoteNotifications() != token, "a new registration, new keys")
        await distributor.stop()
    }

    /// On Linux, `registerForRemoteNotifications(applicationServerKey:)` takes the app server's
    /// VAPID key as a browser's `PushManager.subscribe` does: the 65-byte point reaches the
    /// distributor, and anything else is `.invalidServerKey`.
    @Test func anApplicationServerKeyReachesTheDistributorAndABadOneIsSaidSo() async throws {
        let rig = try await AgentBackendTests.Rig()
        let distributor = try await FakeDistributor(address: rig.base.bus.address)
        let key = WebPushKeys().publicKey
        let token = try await rig.center.registerForRemoteNotifications(applicationServerKey: key)
        #expect(await distributor.registrations.values.first?.vapid == Base64URL.encode(key))
        #expect(try await rig.center.registerForRemoteNotifications() == token)
        await #expect {
            _ = try await rig.center.registerForRemoteNotifications(applicationServerKey: Data(key.prefix(33)))
        } throws: { error in
            (error as? RemoteNotificationRegistrationError)?.code == .invalidServerKey
                && error.localizedDescription.contains("P-256")
        }
        await distributor.stop()
    }

    @Test func withNoDistributorBothFormsFailWithTheReason() async throws {
        let rig = try await AgentBackendTests.Rig()
        await #expect {
            _ = try await rig.center.registerForRemoteNotifications()
        } throws: { error in
            (error as? RemoteNotificationRegistrationError)?.code == .noDistributor
                && error.localizedDescription.contains("no UnifiedPush distributor")
        }
        let handed = await withCheckedContinuation { continuation in
            rig.center.registerForRemoteNotifications { token, error in
                continuation.resume(returning: (token == nil, (error as? RemoteNotificationRegistrationError)?.code))
            }
        }
        #expect(handed.0 && handed.1 == .noDistributor)
    }
}

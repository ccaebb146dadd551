import Foundation
import Testing
import TestSupport
@testable import NotificationAgent
@testable import UserNotifications

/// A delegate that hides what it is asked to present and records the silent pushes it gets.
final class SilentPushDelegate: UNUserNotificationCenterDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var silent: [[AnyHashable: Any]] = []

    var silentPushes: [[AnyHashable: Any]] { lock.withLock { silent } }

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions
    {
        []
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) async {
        lock.withLock { silent.append(userInfo) }
    }
}

/// `content-available` with nothing to show reaches the running app's delegate
/// (`didReceiveRemoteNotification`) and shows nothing.
@Suite(.timeLimit(.minutes(1))) struct SilentPushTests {
    @Test func aSilentPushReachesTheRunningAppsDelegateAndShowsNothing() async throws {
        let rig = try await AgentBackendTests.Rig()
        let app = "org.example.Tea"
        _ = try await rig.base.client.setSettings(
            app: app, changes: AppSettings.authorized(requesting: [.alert, .sound]).wire)
        let distributor = try await FakeDistributor(address: rig.base.bus.address)
        let subscription = try AgentPushConnectorTests.Subscription(try await rig.base.client.registerPush(app: app))
        let token = try #require(await distributor.registrations.keys.first)
        let delegate = SilentPushDelegate()
        let monitor = try await BusMonitor(address: rig.base.bus.address)
        rig.center.delegate = delegate
        // The presenter is registered when the delegate is set: the agent's answer to it is the fact.
        try await monitor.waitForAnswer(to: "RegisterPresenter")
        let silent = #"{"aps": {"content-available": 1}, "sync": "inbox"}"#
        try await distributor.message(try subscription.encrypt(silent), token: token)
        #expect(delegate.silentPushes.count == 1)
        #expect(delegate.silentPushes.first?["sync"] as? String == "inbox")
        #expect(try await rig.base.client.pushStatus().counts["background"] == 1)
        #expect(try await rig.base.shownBeforeMarker() == [], "nothing shown")
        await distributor.stop()
    }
}

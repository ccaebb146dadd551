import Foundation
import Testing
import TestSupport
@testable import NotificationAgent
@testable import UserNotifications

/// A delegate that hides what it is asked to present and records the silent pushes it gets.
final class SilentPushDelegate: UNUserNotificationCenterDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [String] = []
    private var silent: [[AnyHashable: Any]] = []

    var askedIdentifiers: [String] { lock.withLock { asked } }
    var silentPushes: [[AnyHashable: Any]] { lock.withLock { silent } }

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions
    {
        lock.withLock { asked.append(notification.request.identifier) }
        return []
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
        rig.center.delegate = delegate
        // The presenter is registered when the delegate is set: probe (hidden by the delegate)
        // until it is asked.
        var probes = 0
        while !delegate.askedIdentifiers.contains("probe\(probes)"), probes < 100 {
            probes += 1
            let content = UNMutableNotificationContent()
            content.title = "probe"
            try await rig.center.add(
                UNNotificationRequest(identifier: "probe\(probes)", content: content, trigger: nil))
            try await Task.sleep(for: .milliseconds(20))
        }
        let silent = #"{"aps": {"content-available": 1}, "sync": "inbox"}"#
        try await distributor.message(try subscription.encrypt(silent), token: token)
        #expect(delegate.silentPushes.count == 1)
        #expect(delegate.silentPushes.first?["sync"] as? String == "inbox")
        #expect(try await rig.base.client.pushStatus().counts["background"] == 1)
        #expect(try await rig.base.shownBeforeMarker().filter { $0 != "probe" } == [], "nothing shown")
        await distributor.stop()
    }
}

import Foundation
import FreedesktopNotifications
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// A delegate that answers `willPresent` with fixed options and records what it was asked.
final class FixedPresentationDelegate: UNUserNotificationCenterDelegate, @unchecked Sendable {
    let options: UNNotificationPresentationOptions
    private let lock = NSLock()
    private var asked: [String] = []

    init(_ options: UNNotificationPresentationOptions) { self.options = options }

    var askedIdentifiers: [String] { lock.withLock { asked } }

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions
    {
        lock.withLock { asked.append(notification.request.identifier) }
        return options
    }
}

/// The running app's delegate decides how its notifications are presented (`willPresent`).
@Suite(.timeLimit(.minutes(1))) struct AgentWillPresentTests {
    static func content(_ body: String) -> UNMutableNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = "Tea"
        content.body = body
        content.sound = .default
        return content
    }

    static func rig(_ options: UNNotificationPresentationOptions) async throws
        -> (AgentBackendTests.Rig, FixedPresentationDelegate)
    {
        let rig = try await AgentBackendTests.Rig()
        _ = try await rig.base.client.setSettings(
            app: "org.example.Tea", changes: AppSettings.authorized(requesting: [.alert, .sound, .badge]).wire)
        let delegate = FixedPresentationDelegate(options)
        let monitor = try await BusMonitor(address: rig.base.bus.address)
        rig.center.delegate = delegate
        // The presenter is registered when the delegate is set: the agent's answer to it is the fact.
        try await monitor.waitForAnswer(to: "RegisterPresenter")
        return (rig, delegate)
    }

    @Test func listOnlyMakesItQuiet() async throws {
        let (rig, delegate) = try await Self.rig([.list])
        try await rig.center.add(UNNotificationRequest(identifier: "quiet", content: Self.content("x"), trigger: nil))
        let call = try await rig.fake.nextCall()
        #expect(delegate.askedIdentifiers.last == "quiet")
        #expect(call.request.hints.urgency == .low)
        #expect(call.request.hints.suppressSound == true)
        #expect(call.request.hints.soundName == nil)
    }

    @Test func bannerAndSoundKeepTheSound() async throws {
        let (rig, _) = try await Self.rig([.banner, .sound])
        try await rig.center.add(UNNotificationRequest(identifier: "loud", content: Self.content("x"), trigger: nil))
        let call = try await rig.fake.nextCall()
        #expect(call.request.hints.urgency == .normal)
        #expect(call.request.hints.soundName == "message-new-instant")
    }

    @Test func noOptionsMeansNothingIsShown() async throws {
        let (rig, delegate) = try await Self.rig([])
        try await rig.center.add(UNNotificationRequest(identifier: "hidden", content: Self.content("x"), trigger: nil))
        #expect(delegate.askedIdentifiers.contains("hidden"))
        #expect(try await rig.base.shownBeforeMarker() == [], "the delegate hid it, yet the server got it")
    }
}

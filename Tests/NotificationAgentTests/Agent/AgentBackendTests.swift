import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport
@testable import UserNotifications

/// Apple's API, as an app calls it, through the agent to a fake notification server.
@Suite(.timeLimit(.minutes(1))) struct AgentBackendTests {
    /// The agent rig, plus a center for one app through the agent.
    struct Rig {
        let base: AgentTests.Rig
        let center: UNUserNotificationCenter
        var fake: FakeNotificationServer { base.fake }

        init() async throws {
            base = try await AgentTests.Rig()
            center = UNUserNotificationCenter(
                appIdentifier: "org.example.Tea", backend: AgentBackend(address: base.bus.address))
        }
    }

    @Test func requestAuthorizationThenAddReachesTheServer() async throws {
        let rig = try await Rig()
        let center = rig.center
        let asking = Task { try await center.requestAuthorization(options: [.alert, .sound, .badge]) }
        let prompt = try await rig.fake.nextCall()
        try await rig.fake.emit(.actionInvoked(prompt.id, actionKey: "allow"))
        #expect(try await asking.value)
        let settings = await center.notificationSettings()
        #expect(settings.authorizationStatus == .authorized)
        #expect(settings.alertSetting == .enabled)
        #expect(settings.soundSetting == .enabled)
        #expect(settings.badgeSetting == .enabled)
        #expect(settings.alertStyle == .banner)
        let content = UNMutableNotificationContent()
        content.title = "Tea"
        content.subtitle = "Green"
        content.body = "is ready"
        content.sound = UNNotificationSound.default
        content.interruptionLevel = .passive
        try await center.add(UNNotificationRequest(identifier: "tea", content: content, trigger: nil))
        let call = try await rig.fake.nextCall()
        #expect(call.request.summary == "Tea")
        #expect(call.request.body == "Green\nis ready")
        #expect(call.request.hints.urgency == .low)
        #expect(call.request.hints.soundName == "message-new-instant")
    }

    @Test func addBeforeAuthorizationFailsWithNotificationsNotAllowed() async throws {
        let rig = try await Rig()
        let content = UNMutableNotificationContent()
        content.body = "too early"
        do {
            try await rig.center.add(UNNotificationRequest(identifier: "x", content: content, trigger: nil))
            Issue.record("add succeeded for an app that was never authorized")
        } catch let error as UNError {
            #expect(error.code == .notificationsNotAllowed)
        }
        #expect(try await rig.base.shownBeforeMarker() == [], "the refused request reached the server")
    }

    @Test func provisionalNeedsNoPromptAndCompletionHandlersWork() async throws {
        let rig = try await Rig()
        let granted = await withCheckedContinuation { continuation in
            rig.center.requestAuthorization(options: [.alert, .provisional]) { granted, _ in
                continuation.resume(returning: granted)
            }
        }
        #expect(granted)
        let status = await withCheckedContinuation { continuation in
            rig.center.getNotificationSettings { continuation.resume(returning: $0.authorizationStatus) }
        }
        #expect(status == .provisional)
    }

    @Test func scheduledRequestsArePendingUntilRemoved() async throws {
        let rig = try await Rig()
        _ = try await rig.center.requestAuthorization(options: [.alert, .provisional])
        let content = UNMutableNotificationContent()
        content.body = "later"
        let request = UNNotificationRequest(
            identifier: "later", content: content,
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: 3600, repeats: false))
        try await rig.center.add(request)
        let pending = await rig.center.pendingNotificationRequests()
        #expect(pending.map(\.identifier) == ["later"])
        #expect((pending.first?.trigger as? UNTimeIntervalNotificationTrigger)?.timeInterval == 3600)
        #expect(pending.first?.content.body == "later")
        rig.center.removeAllPendingNotificationRequests()
        try await Eventually.wait(timeout: .seconds(5), "nothing pending") {
            await rig.center.pendingNotificationRequests().isEmpty
        }
    }

    /// Before: the pending record kept no `userInfo` (nor progress): a scheduled request came
    /// back from `pendingNotificationRequests`, and fired, without the app's data.
    @Test func aScheduledRequestKeepsItsUserInfo() async throws {
        let rig = try await Rig()
        _ = try await rig.center.requestAuthorization(options: [.alert, .provisional])
        let content = UNMutableNotificationContent()
        content.body = "later"
        content.userInfo = ["order": 42, "room": "kitchen"]
        let request = UNNotificationRequest(
            identifier: "later", content: content,
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: 3600, repeats: false))
        try await rig.center.add(request)
        let pending = await rig.center.pendingNotificationRequests()
        #expect(pending.first?.content.userInfo["order"] as? Int == 42)
        #expect(pending.first?.content.userInfo["room"] as? String == "kitchen")
    }

    @Test func aRepeatingIntervalUnderAMinuteIsRefused() async throws {
        let rig = try await Rig()
        _ = try await rig.center.requestAuthorization(options: [.alert, .provisional])
        let content = UNMutableNotificationContent()
        content.body = "too often"
        let request = UNNotificationRequest(
            identifier: "often", content: content,
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: 30, repeats: true))
        await #expect(throws: UNError.self) { try await rig.center.add(request) }
    }
}

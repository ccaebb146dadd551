import Foundation
import FreedesktopNotifications
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// A pushed notification comes back to the app with its custom keys in `userInfo` and a
/// `UNPushNotificationTrigger`, as on iOS.
@Suite(.timeLimit(.minutes(1))) struct AgentPushResponseTests {
    @Test func customKeysAndThePushTriggerReachTheResponse() async throws {
        let rig = try await AgentTests.Rig()
        _ = try await rig.client.setSettings(
            app: "org.example.Chat", changes: AppSettings.authorized(requesting: [.alert]).wire)
        var responses = try await rig.client.listen(app: "org.example.Chat").makeAsyncIterator()
        let payload =
            #"{"aps": {"alert": {"title": "Ann", "body": "Lunch?"}}, "msg-id": 42, "thread": {"room": "food"}}"#
        _ = try await rig.client.push(app: "org.example.Chat", payloadJSON: payload)
        let call = try await rig.fake.nextCall()
        #expect(call.request.summary == "Ann")
        try await rig.fake.emit(.actionInvoked(call.id, actionKey: "default"))
        let record = try #require(try await responses.next())
        #expect(record.request.isPush)
        let response = UNNotificationResponse.make(record)
        #expect(response.actionIdentifier == UNNotificationDefaultActionIdentifier)
        #expect(response.notification.request.trigger is UNPushNotificationTrigger)
        #expect(response.notification.request.content.userInfo["msg-id"] as? Int == 42)
        #expect(
            (response.notification.request.content.userInfo["thread"] as? [String: Any])?["room"] as? String == "food")
    }
}

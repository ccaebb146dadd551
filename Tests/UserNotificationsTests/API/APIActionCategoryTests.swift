import Foundation
import Testing
import UserNotifications

@Suite(.timeLimit(.minutes(1))) struct APIActionCategoryTests {
    @Test func actionsKeepIdentifierTitleOptionsAndIcon() {
        let accept = UNNotificationAction(identifier: "ACCEPT", title: "Accept", options: [.foreground])
        #expect(accept.identifier == "ACCEPT" && accept.title == "Accept")
        #expect(accept.options == .foreground && accept.icon == nil)
        let plain = UNNotificationAction(identifier: "LATER", title: "Later")
        #expect(plain.options.isEmpty)
        let icon = UNNotificationActionIcon(systemImageName: "trash")
        let delete = UNNotificationAction(
            identifier: "DELETE", title: "Delete", options: [.destructive, .authenticationRequired], icon: icon)
        #expect(delete.icon === icon)
        #expect(delete.options.rawValue == 3)
        #expect(icon.imageName == "trash" && icon.isSystemImage)
        #expect(!UNNotificationActionIcon(templateImageName: "custom").isSystemImage)
    }

    @Test func textInputActionsKeepTheirTexts() {
        let reply = UNTextInputNotificationAction(
            identifier: "REPLY", title: "Reply", options: [], textInputButtonTitle: "Send",
            textInputPlaceholder: "Message")
        #expect(reply.textInputButtonTitle == "Send" && reply.textInputPlaceholder == "Message")
        let asAction: UNNotificationAction = reply
        #expect(asAction.identifier == "REPLY")
        let withIcon = UNTextInputNotificationAction(
            identifier: "REPLY", title: "Reply", options: [.foreground],
            icon: UNNotificationActionIcon(systemImageName: "mail-reply-sender"),
            textInputButtonTitle: "Send", textInputPlaceholder: "")
        #expect(withIcon.icon?.imageName == "mail-reply-sender")
        #expect(!reply.isEqual(UNNotificationAction(identifier: "REPLY", title: "Reply")))
    }

    @Test func categoryVariantsKeepEveryProperty() {
        let actions = [UNNotificationAction(identifier: "A", title: "A")]
        let basic = UNNotificationCategory(
            identifier: "C1", actions: actions, intentIdentifiers: ["intent"], options: .customDismissAction)
        #expect(basic.identifier == "C1" && basic.actions == actions)
        #expect(basic.intentIdentifiers == ["intent"] && basic.options == .customDismissAction)
        #expect(basic.hiddenPreviewsBodyPlaceholder.isEmpty && basic.categorySummaryFormat.isEmpty)
        let hidden = UNNotificationCategory(
            identifier: "C2", actions: [], intentIdentifiers: [],
            hiddenPreviewsBodyPlaceholder: "%u new messages", options: [.hiddenPreviewsShowTitle])
        #expect(hidden.hiddenPreviewsBodyPlaceholder == "%u new messages")
        let summary = UNNotificationCategory(
            identifier: "C3", actions: [], intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: nil,
            categorySummaryFormat: "%u more from %@", options: [])
        #expect(summary.categorySummaryFormat == "%u more from %@" && summary.options.isEmpty)
    }

    @Test func categoriesAreHashableByIdentifier() {
        let first = UNNotificationCategory(identifier: "SAME", actions: [], intentIdentifiers: [])
        let second = UNNotificationCategory(
            identifier: "SAME", actions: [UNNotificationAction(identifier: "x", title: "X")],
            intentIdentifiers: [], options: .customDismissAction)
        let other = UNNotificationCategory(identifier: "OTHER", actions: [], intentIdentifiers: [])
        let set: Set<UNNotificationCategory> = [first, second, other]
        #expect(set.count == 2)
        #expect(first == second && first.hashValue == second.hashValue)
        #expect(first != other)
    }

    @Test func responsesCarryTheirNotification() {
        let content = UNMutableNotificationContent()
        content.title = "Hi"
        let request = UNNotificationRequest(identifier: "r", content: content, trigger: nil)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let notification = UNNotification(request: request, date: date)
        #expect(notification.request === request && notification.date == date)
        let response = UNNotificationResponse(
            notification: notification, actionIdentifier: UNNotificationDismissActionIdentifier)
        #expect(response.actionIdentifier == "com.apple.UNNotificationDismissActionIdentifier")
        let text = UNTextInputNotificationResponse(
            notification: notification, actionIdentifier: "REPLY", userText: "On my way")
        #expect(text.userText == "On my way" && text.notification === notification)
        let asResponse: UNNotificationResponse = text
        #expect((asResponse as? UNTextInputNotificationResponse)?.userText == "On my way")
    }
}

import Testing
import UserNotifications

/// The app-style files of this target compile against the module unchanged; these tests check
/// that what they build is what the same code builds on Apple platforms.
@Suite struct AppleCodeCompatibilityTests {
    private let due = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func reminderBecomesACalendarRequestWithItsCategoryAndUserInfo() throws {
        let id = UUID()
        let request = ReminderScheduler.request(
            for: Reminder(id: id, title: "Tea", notes: "Green", dueDate: due, repeatsDaily: true))
        let trigger = try #require(request.trigger as? UNCalendarNotificationTrigger)
        let expected = Calendar.current.dateComponents([.hour, .minute], from: due)
        #expect(trigger.dateComponents.hour == expected.hour)
        #expect(trigger.dateComponents.minute == expected.minute)
        #expect(trigger.dateComponents.day == nil)
        #expect(trigger.repeats)
        #expect(request.identifier == id.uuidString)
        #expect(request.content.categoryIdentifier == "REMINDER")
        #expect(request.content.body == "Green")
        #expect(request.content.badge == NSNumber(value: 1))
        #expect(request.content.userInfo["reminderID"] as? String == id.uuidString)
    }

    @Test func snoozeCopiesTheContentIntoATenMinuteIntervalRequest() throws {
        let original = ReminderScheduler.request(
            for: Reminder(id: UUID(), title: "Tea", notes: nil, dueDate: due, repeatsDaily: false))
        let snoozed = ReminderScheduler.snoozeRequest(for: original)
        let trigger = try #require(snoozed.trigger as? UNTimeIntervalNotificationTrigger)
        #expect(trigger.timeInterval == 600)
        #expect(!trigger.repeats)
        #expect(snoozed.content.title == "⏰ Tea")
        #expect(original.content.title == "Tea")
        #expect(snoozed.identifier == original.identifier + "-snooze")
    }

    @Test func criticalSoundAndActionIconsKeepWhatTheAppGave() {
        let content = RichContent.criticalContent()
        #expect(
            content.sound
                == UNNotificationSound.criticalSoundNamed(UNNotificationSoundName("alarm.caf"), withAudioVolume: 1))
        #expect(content.sound != UNNotificationSound.default)
        #expect(content.interruptionLevel == .critical)
        let actions = RichContent.iconActions()
        #expect(actions.map(\.identifier) == ["LIKE", "DELETE"])
        #expect(actions[0].icon != nil)
        #expect(actions[1].options.contains(.destructive))
    }

    @Test func ringtonesAreNamedSoundsThatDifferFromTheDefault() {
        #expect(CallNotifications.incomingCall(from: "Ann").sound == UNNotificationSound.defaultRingtone)
        #expect(UNNotificationSound.defaultRingtone != UNNotificationSound.default)
        #expect(
            CallNotifications.customRingtone() == UNNotificationSound(named: UNNotificationSoundName("marimba.caf")))
    }

    @Test func updatingFromAContentProviderIsRefusedWithAnErrorThatSaysWhy() throws {
        final class Provider: NSObject, UNNotificationContentProviding {}
        let content = CallNotifications.incomingCall(from: "Ann")
        #expect(CallNotifications.messageContent(content, from: Provider()) === content)
        do {
            _ = try content.updating(from: Provider())
            Issue.record("updating(from:) did not throw")
        } catch let error as UNError {
            #expect(error.code == .contentProvidingObjectNotAllowed)
            #expect(error.localizedDescription.contains("no Intents"))
        }
    }

    @Test func aServiceExtensionSubclassChangesTheContentItIsGiven() throws {
        let content = UNMutableNotificationContent()
        content.title = "Ann"
        var delivered: UNNotificationContent?
        NotificationService().didReceive(UNNotificationRequest(identifier: "m", content: content, trigger: nil)) {
            delivered = $0
        }
        #expect(delivered?.title == "Ann [decrypted]")
    }

    @Test func everyImmutableNotificationObjectCopiesThroughNSCopying() throws {
        let request = ReminderScheduler.request(
            for: Reminder(id: UUID(), title: "Tea", notes: nil, dueDate: due, repeatsDaily: false))
        let category = UNNotificationCategory(identifier: "c", actions: [], intentIdentifiers: [])
        let action = UNNotificationAction(identifier: "a", title: "A")
        let copies = NotificationCopies.copies(of: request, category: category, action: action, attachment: nil)
        #expect(copies.count == 6)
        #expect(copies[0] as? UNNotificationRequest === request)
        #expect(copies[1] as? UNNotificationCategory === category)
        #expect(copies[2] as? UNNotificationAction === action)
        #expect(copies[3] == nil)
        #expect(copies[4] as? UNCalendarNotificationTrigger === request.trigger)
        #expect(copies[5] is UNNotificationActionIcon)
    }

    @Test func scheduledRequestsAreKeptThroughASecureKeyedArchive() throws {
        let requests = [
            ReminderScheduler.request(
                for: Reminder(id: UUID(), title: "Tea", notes: "Green", dueDate: due, repeatsDaily: true)),
            ReminderScheduler.snoozeRequest(
                for: ReminderScheduler.request(
                    for: Reminder(id: UUID(), title: "Walk", notes: nil, dueDate: due, repeatsDaily: false))),
        ]
        let restored = try RequestArchive.unarchive(try RequestArchive.archive(requests))
        #expect(restored.map(\.identifier) == requests.map(\.identifier))
        #expect(restored.map(\.content.title) == ["Tea", "⏰ Walk"])
        #expect(
            restored[0].content.userInfo["reminderID"] as? String == requests[0].content.userInfo["reminderID"]
                as? String)
        let calendar = try #require(restored[0].trigger as? UNCalendarNotificationTrigger)
        #expect(calendar.dateComponents == (requests[0].trigger as? UNCalendarNotificationTrigger)?.dateComponents)
        #expect((restored[1].trigger as? UNTimeIntervalNotificationTrigger)?.timeInterval == 600)
        #expect(zip(restored, requests).allSatisfy { $0.isEqual($1) })
        let editable = try #require(RequestArchive.editableCopy(of: restored[0]))
        editable.title = "Coffee"
        #expect(restored[0].content.title == "Tea")
    }

    @Test func categoriesAndResponsesComeBackFromTheirArchives() throws {
        let category = UNNotificationCategory(
            identifier: "MESSAGE",
            actions: [
                UNNotificationAction(identifier: "SNOOZE", title: "Snooze"),
                UNTextInputNotificationAction(
                    identifier: "REPLY", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: "Message"),
            ],
            intentIdentifiers: [], options: [.customDismissAction])
        let restored = try #require(try RequestArchive.unarchiveCategory(try RequestArchive.archiveCategory(category)))
        #expect(restored.identifier == category.identifier)
        #expect(restored.actions.map(\.identifier) == category.actions.map(\.identifier))
        #expect(restored.options == category.options)
        #expect((restored.actions.last as? UNTextInputNotificationAction)?.textInputButtonTitle == "Send")
        let request = ReminderScheduler.request(
            for: Reminder(id: UUID(), title: "Tea", notes: nil, dueDate: due, repeatsDaily: false))
        let response = UNNotificationResponse(
            notification: UNNotification(request: request, date: due), actionIdentifier: "SNOOZE")
        let back = try #require(try RequestArchive.lastResponse(response))
        #expect(back.actionIdentifier == "SNOOZE" && back.notification.request.identifier == request.identifier)
    }

    @Test func unErrorCodesAreSwitchedOnAsOnApplePlatforms() {
        #expect(RichContent.describe(UNError(.notificationsNotAllowed)) == "not allowed")
        #expect(RichContent.describe(UNError(.attachmentInvalidURL)) == "bad attachment")
    }
}

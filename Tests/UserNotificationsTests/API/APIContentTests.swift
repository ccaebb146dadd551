import Foundation
import Testing
import UserNotifications

private func filledContent() -> UNMutableNotificationContent {
    let content = UNMutableNotificationContent()
    content.title = "Title"
    content.subtitle = "Subtitle"
    content.body = "Body"
    content.badge = 3
    content.sound = .default
    content.launchImageName = "Launch"
    let info: [String: Any] = ["id": 42, "name": "build", "tags": ["a", "b"]]
    content.userInfo = info
    content.categoryIdentifier = "MEETING"
    content.threadIdentifier = "thread"
    content.targetContentIdentifier = "window-1"
    content.summaryArgument = "Ann"
    content.summaryArgumentCount = 2
    content.interruptionLevel = .timeSensitive
    content.relevanceScore = 0.5
    content.filterCriteria = "work"
    return content
}

@Suite(.timeLimit(.minutes(1))) struct APIContentTests {
    @Test func defaultsAreApples() {
        let content = UNMutableNotificationContent()
        #expect(content.title.isEmpty && content.subtitle.isEmpty && content.body.isEmpty)
        #expect(content.badge == nil && content.sound == nil)
        #expect(content.userInfo.isEmpty && content.attachments.isEmpty)
        #expect(content.categoryIdentifier.isEmpty && content.threadIdentifier.isEmpty)
        #expect(content.targetContentIdentifier == nil && content.filterCriteria == nil)
        #expect(content.interruptionLevel == .active)
        #expect(content.relevanceScore == 0)
        #expect(content.summaryArgumentCount == 0)
    }

    @Test func everyPropertyIsKept() {
        let content = filledContent()
        #expect(content.title == "Title" && content.subtitle == "Subtitle" && content.body == "Body")
        #expect(content.badge == 3)
        #expect(content.sound == UNNotificationSound.default)
        #expect(content.userInfo["id"] as? Int == 42)
        #expect(content.userInfo["name"] as? String == "build")
        #expect(content.userInfo["tags"] as? [String] == ["a", "b"])
        #expect(content.categoryIdentifier == "MEETING" && content.threadIdentifier == "thread")
        #expect(content.targetContentIdentifier == "window-1" && content.filterCriteria == "work")
        #expect(content.summaryArgument == "Ann" && content.summaryArgumentCount == 2)
        #expect(content.interruptionLevel == .timeSensitive && content.relevanceScore == 0.5)
        #expect(content.launchImageName == "Launch")
    }

    @Test func copyIsImmutableAndIndependent() throws {
        let content = filledContent()
        let copy = try #require(content.copy() as? UNNotificationContent)
        #expect(type(of: copy) == UNNotificationContent.self)
        #expect(copy.isEqual(content))
        content.title = "Changed"
        #expect(copy.title == "Title")
        #expect(!copy.isEqual(content))
    }

    @Test func mutableCopyIsMutableAndIndependent() throws {
        let original = filledContent()
        let immutable = try #require(original.copy() as? UNNotificationContent)
        let mutable = try #require(immutable.mutableCopy() as? UNMutableNotificationContent)
        #expect(mutable.isEqual(immutable))
        mutable.body = "Edited"
        mutable.userInfo["extra"] = true
        #expect(immutable.body == "Body")
        #expect(immutable.userInfo["extra"] == nil)
        #expect(!mutable.isEqual(immutable))
    }

    @Test func equalityComparesUserInfoByValue() {
        let first = filledContent()
        let second = filledContent()
        #expect(first.isEqual(second))
        #expect(first.hash == second.hash)
        second.userInfo = ["id": 43, "name": "build", "tags": ["a", "b"]]
        #expect(!first.isEqual(second))
        second.userInfo = ["id": NSNumber(value: 42), "name": NSString(string: "build"), "tags": ["a", "b"]]
        #expect(first.isEqual(second))
        first.userInfo = ["nested": ["when": Date(timeIntervalSince1970: 5), "data": Data([1, 2])]]
        second.userInfo = ["nested": ["when": Date(timeIntervalSince1970: 5), "data": Data([1, 2])]]
        #expect(first.isEqual(second))
        second.userInfo = ["nested": ["when": Date(timeIntervalSince1970: 6), "data": Data([1, 2])]]
        #expect(!first.isEqual(second))
    }

    @Test func requestKeepsAnImmutableCopy() {
        let content = filledContent()
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)
        let request = UNNotificationRequest(identifier: "weekly", content: content, trigger: trigger)
        content.title = "After"
        #expect(request.identifier == "weekly")
        #expect(request.content.title == "Title")
        #expect(!(request.content is UNMutableNotificationContent))
        #expect(request.trigger === trigger)
    }

    @Test func contentIsSafeToUseFromManyTasks() async {
        let content = UNMutableNotificationContent()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    content.body = "body \(index)"
                    content.userInfo = ["index": index]
                    _ = content.copy()
                }
            }
        }
        #expect(content.body.hasPrefix("body "))
    }

    @Test func soundsCarryWhatTheEngineNeeds() {
        let standard = UNNotificationSound.default
        #expect(standard.soundName == nil && !standard.isCritical && standard.volume == nil)
        let named = UNNotificationSound(named: UNNotificationSoundName("bell.wav"))
        #expect(named.soundName != nil && named.soundName?.rawValue == "bell.wav")
        let critical = UNNotificationSound.defaultCriticalSound(withAudioVolume: 0.25)
        #expect(critical.soundName == nil && critical.isCritical && critical.volume == 0.25)
        #expect(UNNotificationSound.defaultCritical.isCritical)
        let loud = UNNotificationSound.criticalSoundNamed(
            UNNotificationSoundName(rawValue: "alarm"), withAudioVolume: 3)
        #expect(loud.volume == 1)
        #expect(
            UNNotificationSound.criticalSoundNamed(UNNotificationSoundName("alarm")).soundName
                == UNNotificationSoundName(rawValue: "alarm"))
        // Equal by value, not by identity, and hashed alike; every field counts.
        let again = UNNotificationSound(named: UNNotificationSoundName("bell.wav"))
        #expect(again !== named && again == named && again.hash == named.hash)
        #expect(UNNotificationSound.defaultCriticalSound(withAudioVolume: 0.25) == critical)
        #expect(UNNotificationSound.defaultCriticalSound(withAudioVolume: 0.5) != critical)
        #expect(UNNotificationSound.defaultCritical != standard)
        #expect(named != standard)
    }

    @Test func settingsKeepEveryValue() {
        let settings = UNNotificationSettings(
            authorizationStatus: .provisional, soundSetting: .disabled, badgeSetting: .enabled,
            alertSetting: .disabled, notificationCenterSetting: .enabled, lockScreenSetting: .disabled,
            carPlaySetting: .notSupported, alertStyle: .alert, showPreviewsSetting: .never,
            criticalAlertSetting: .enabled, providesAppNotificationSettings: true,
            announcementSetting: .notSupported, timeSensitiveSetting: .enabled,
            scheduledDeliverySetting: .notSupported, directMessagesSetting: .notSupported)
        #expect(settings.authorizationStatus == .provisional)
        #expect(settings.soundSetting == .disabled && settings.badgeSetting == .enabled)
        #expect(settings.alertSetting == .disabled && settings.notificationCenterSetting == .enabled)
        #expect(settings.lockScreenSetting == .disabled && settings.alertStyle == .alert)
        #expect(settings.showPreviewsSetting == .never && settings.criticalAlertSetting == .enabled)
        #expect(settings.providesAppNotificationSettings && settings.timeSensitiveSetting == .enabled)
        #expect(!settings.isEqual(UNNotificationSettings.unavailable()))
        #expect(
            UNNotificationSettings.unavailable().isEqual(UNNotificationSettings(authorizationStatus: .notDetermined)))
    }
}

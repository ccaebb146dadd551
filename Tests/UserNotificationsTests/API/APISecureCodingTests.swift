import Foundation
import Testing
import UserNotifications

/// Archives `object` with secure coding and reads it back as its own class.
private func archivedAndBack<Object: NSObject & NSSecureCoding>(_ object: Object) throws -> Object {
    let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
    let back = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: Object.self, from: data))
    #expect(type(of: back) == type(of: object), "the archive keeps the class")
    #expect(back !== object)
    return back
}

/// Archives `archive` and reads it back as `Object`, as if `Object` had written it: the way to
/// make an archive that lacks some of `Object`'s values. Returns the object and the
/// unarchiver's error.
private func decode<Archive: NSObject & NSSecureCoding, Object: NSObject & NSCoding>(
    _ archive: Archive, as type: Object.Type
) throws -> (Object?, (any Error)?) {
    let data = try NSKeyedArchiver.archivedData(withRootObject: archive, requiringSecureCoding: true)
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
    unarchiver.setClass(type, forClassName: NSStringFromClass(Archive.self))
    unarchiver.decodingFailurePolicy = .setErrorAndReturn
    let object = unarchiver.decodeObject(of: type, forKey: NSKeyedArchiveRootObjectKey)
    return (object, unarchiver.error)
}

/// Content with every property set to something other than its default.
private func everyFieldContent(attachment: UNNotificationAttachment) -> UNMutableNotificationContent {
    let content = UNMutableNotificationContent()
    content.title = "Title"
    content.subtitle = "Subtitle"
    content.body = "Body"
    content.badge = 7
    content.sound = .criticalSoundNamed(UNNotificationSoundName("alarm.wav"), withAudioVolume: 0.25)
    content.launchImageName = "Launch"
    content.userInfo = [
        "id": 42, "ratio": 0.1 + 0.2, "flag": true, "name": "build",
        "when": Date(timeIntervalSince1970: 1_800_000_000.123), "bytes": Data([0, 1, 255]),
        "nested": ["tags": ["a", "b"], "depth": ["level": 2]],
    ]
    content.attachments = [attachment]
    content.categoryIdentifier = "MEETING"
    content.threadIdentifier = "thread"
    content.targetContentIdentifier = "window-1"
    content.summaryArgument = "Ann"
    content.summaryArgumentCount = 3
    content.interruptionLevel = .critical
    content.relevanceScore = 0.75
    content.filterCriteria = "work"
    return content
}

/// Expects every property of `back` to equal `original`'s.
private func expectSameFields(_ back: UNNotificationContent, _ original: UNNotificationContent) {
    #expect(back.title == original.title && back.subtitle == original.subtitle && back.body == original.body)
    #expect(back.badge == original.badge)
    #expect(back.sound?.soundName == original.sound?.soundName)
    #expect(back.sound?.isCritical == original.sound?.isCritical && back.sound?.volume == original.sound?.volume)
    #expect(back.launchImageName == original.launchImageName)
    #expect(back.attachments.map(\.identifier) == original.attachments.map(\.identifier))
    #expect(back.attachments.map(\.url) == original.attachments.map(\.url))
    #expect(back.categoryIdentifier == original.categoryIdentifier)
    #expect(back.threadIdentifier == original.threadIdentifier)
    #expect(back.targetContentIdentifier == original.targetContentIdentifier)
    #expect(back.summaryArgument == original.summaryArgument)
    #expect(back.summaryArgumentCount == original.summaryArgumentCount)
    #expect(back.interruptionLevel == original.interruptionLevel)
    #expect(back.relevanceScore == original.relevanceScore)
    #expect(back.filterCriteria == original.filterCriteria)
    #expect(back.userInfo["id"] as? Int == 42)
    #expect((back.userInfo["ratio"] as? Double)?.bitPattern == (0.1 + 0.2).bitPattern)
    #expect(back.userInfo["flag"] as? Bool == true)
    #expect(back.userInfo["name"] as? String == "build")
    #expect(back.userInfo["when"] as? Date == Date(timeIntervalSince1970: 1_800_000_000.123))
    #expect(back.userInfo["bytes"] as? Data == Data([0, 1, 255]))
    let nested = back.userInfo["nested"] as? [AnyHashable: Any]
    #expect(nested?["tags"] as? [String] == ["a", "b"])
    #expect((nested?["depth"] as? [AnyHashable: Any])?["level"] as? Int == 2)
    #expect(back.isEqual(original))
}

@Suite(.timeLimit(.minutes(1))) struct APISecureCodingTests {
    let directory: APIAttachmentDirectory

    init() throws { directory = try APIAttachmentDirectory() }

    private func attachment() throws -> UNNotificationAttachment {
        try UNNotificationAttachment(
            identifier: "chart", url: try directory.file("chart.png", apiOnePixelPNG),
            options: [
                UNNotificationAttachmentOptionsThumbnailHiddenKey: true,
                UNNotificationAttachmentOptionsThumbnailClippingRectKey: [
                    "X": 0.25, "Y": 0, "Width": 0.5, "Height": 1,
                ],
                UNNotificationAttachmentOptionsThumbnailTimeKey: 2.5,
            ])
    }

    @Test func everyClassSupportsSecureCoding() {
        let classes: [any NSSecureCoding.Type] = [
            UNNotificationContent.self, UNMutableNotificationContent.self, UNNotificationRequest.self,
            UNNotificationAction.self, UNTextInputNotificationAction.self, UNNotificationActionIcon.self,
            UNNotificationCategory.self, UNNotificationSound.self, UNNotificationTrigger.self,
            UNTimeIntervalNotificationTrigger.self, UNCalendarNotificationTrigger.self,
            UNPushNotificationTrigger.self, UNLocationNotificationTrigger.self, UNNotificationAttachment.self,
            UNNotificationSettings.self, UNNotification.self, UNNotificationResponse.self,
            UNTextInputNotificationResponse.self,
        ]
        let refusing = classes.filter { !$0.supportsSecureCoding }.map { "\($0)" }
        #expect(refusing.isEmpty)
    }

    @Test func mutableContentComesBackMutableWithEveryField() throws {
        let content = everyFieldContent(attachment: try attachment())
        let back = try archivedAndBack(content)
        expectSameFields(back, content)
        back.title = "Changed after decoding"
        #expect(content.title == "Title")
    }

    @Test func immutableContentComesBackImmutable() throws {
        let content = try #require(everyFieldContent(attachment: try attachment()).copy() as? UNNotificationContent)
        let back = try archivedAndBack(content)
        #expect(!(back is UNMutableNotificationContent))
        expectSameFields(back, content)
    }

    @Test func emptyContentKeepsAppleDefaults() throws {
        let back = try archivedAndBack(UNMutableNotificationContent())
        #expect(back.title.isEmpty && back.badge == nil && back.sound == nil && back.attachments.isEmpty)
        #expect(back.targetContentIdentifier == nil && back.filterCriteria == nil)
        #expect(back.interruptionLevel == .active && back.userInfo.isEmpty)
    }

    @Test func userInfoValuesThatAreNotPropertyListsAreLeftOut() throws {
        let content = UNMutableNotificationContent()
        content.userInfo = ["kept": "yes", "dropped": UUID(), 7: "number key"]
        let back = try archivedAndBack(content)
        #expect(back.userInfo.count == 1)
        #expect(back.userInfo["kept"] as? String == "yes")
    }

    @Test func aDecodedContentsMutableCopyIsIndependent() throws {
        let decoded = try archivedAndBack(
            try #require(everyFieldContent(attachment: try attachment()).copy() as? UNNotificationContent))
        let mutable = try #require(decoded.mutableCopy() as? UNMutableNotificationContent)
        mutable.body = "Edited"
        mutable.userInfo["extra"] = 1
        #expect(decoded.body == "Body" && decoded.userInfo["extra"] == nil)
    }

    @Test func requestsComeBackWithEachKindOfTrigger() throws {
        var components = DateComponents()
        components.hour = 8
        components.minute = 30
        components.weekday = 2
        components.timeZone = TimeZone(identifier: "Europe/Paris")
        components.calendar = Calendar(identifier: .gregorian)
        let triggers: [UNNotificationTrigger?] = [
            nil,
            UNTimeIntervalNotificationTrigger(timeInterval: 90, repeats: true),
            UNTimeIntervalNotificationTrigger(
                timeInterval: 300, repeats: false, referenceDate: Date(timeIntervalSince1970: 1_700_000_000.5)),
            UNCalendarNotificationTrigger(dateMatching: components, repeats: true),
            UNPushNotificationTrigger(), UNLocationNotificationTrigger(),
        ]
        let content = everyFieldContent(attachment: try attachment())
        for trigger in triggers {
            let request = UNNotificationRequest(identifier: "standup", content: content, trigger: trigger)
            let back = try archivedAndBack(request)
            #expect(back.identifier == "standup")
            expectSameFields(back.content, request.content)
            #expect(!(back.content is UNMutableNotificationContent))
            #expect(back.trigger.map { type(of: $0) } == trigger.map { type(of: $0) })
            #expect(back.trigger?.repeats == trigger?.repeats)
            #expect(back.isEqual(request), "\(String(describing: trigger))")
        }
    }

    @Test func triggersKeepTheirCondition() throws {
        let interval = UNTimeIntervalNotificationTrigger(
            timeInterval: 3_600.25, repeats: true, referenceDate: Date(timeIntervalSince1970: 1_700_000_000.5))
        let intervalBack = try archivedAndBack(interval)
        #expect(intervalBack.timeInterval == 3_600.25 && intervalBack.repeats)
        #expect(intervalBack.referenceDate == Date(timeIntervalSince1970: 1_700_000_000.5))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(intervalBack.nextTriggerDate(after: now) == interval.nextTriggerDate(after: now))

        var components = DateComponents()
        components.month = 2
        components.day = 29
        components.hour = 7
        components.timeZone = TimeZone(identifier: "America/New_York")
        let calendar = UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
        let calendarBack = try archivedAndBack(calendar)
        #expect(calendarBack.dateComponents == components && !calendarBack.repeats)
        #expect(calendarBack.nextTriggerDate(after: now) == calendar.nextTriggerDate(after: now))
    }

    @Test func actionsIconsAndCategoriesComeBack() throws {
        let done = UNNotificationAction(
            identifier: "done", title: "Done", options: [.destructive, .authenticationRequired],
            icon: UNNotificationActionIcon(systemImageName: "checkmark"))
        let reply = UNTextInputNotificationAction(
            identifier: "reply", title: "Reply", options: [.foreground],
            icon: UNNotificationActionIcon(templateImageName: "bubble"), textInputButtonTitle: "Send",
            textInputPlaceholder: "Message")
        let category = UNNotificationCategory(
            identifier: "CHAT", actions: [done, reply], intentIdentifiers: ["INSendMessageIntent"],
            hiddenPreviewsBodyPlaceholder: "%u messages", categorySummaryFormat: "%u more from %@",
            options: [.customDismissAction, .hiddenPreviewsShowTitle])
        let back = try archivedAndBack(category)
        #expect(back.identifier == "CHAT" && back.intentIdentifiers == ["INSendMessageIntent"])
        #expect(back.hiddenPreviewsBodyPlaceholder == "%u messages")
        #expect(back.categorySummaryFormat == "%u more from %@")
        #expect(back.options == [.customDismissAction, .hiddenPreviewsShowTitle])
        try #require(back.actions.count == 2)
        let doneBack = back.actions[0]
        #expect(type(of: doneBack) == UNNotificationAction.self)
        #expect(doneBack.identifier == "done" && doneBack.title == "Done")
        #expect(doneBack.options == [.destructive, .authenticationRequired])
        #expect(doneBack.icon?.imageName == "checkmark" && doneBack.icon?.isSystemImage == true)
        let replyBack = try #require(back.actions[1] as? UNTextInputNotificationAction)
        #expect(replyBack.identifier == "reply" && replyBack.options == [.foreground])
        #expect(replyBack.textInputButtonTitle == "Send" && replyBack.textInputPlaceholder == "Message")
        #expect(replyBack.icon?.imageName == "bubble" && replyBack.icon?.isSystemImage == false)
        #expect(replyBack.isEqual(reply) && doneBack.isEqual(done))
    }

    @Test func soundsComeBack() throws {
        let sounds: [UNNotificationSound] = [
            .default, .defaultCritical, .defaultCriticalSound(withAudioVolume: 0.5),
            UNNotificationSound(named: UNNotificationSoundName("bell.oga")),
            .criticalSoundNamed(UNNotificationSoundName("siren.wav"), withAudioVolume: 1),
            .defaultRingtone,
        ]
        for sound in sounds {
            let back = try archivedAndBack(sound)
            #expect(back.soundName == sound.soundName && back.isCritical == sound.isCritical)
            #expect(back.volume == sound.volume, "\(sound)")
        }
    }

    @Test func attachmentsKeepTheirThumbnailOptions() throws {
        let original = try attachment()
        let back = try archivedAndBack(original)
        #expect(back.identifier == "chart" && back.url == original.url && back.type == "public.png")
        #expect(back.fileType == original.fileType)
        #expect(back.isThumbnailHidden)
        #expect(back.thumbnailClippingRect == CGRect(x: 0.25, y: 0, width: 0.5, height: 1))
        #expect(back.thumbnailTime == 2.5)
        let plain = try archivedAndBack(
            try UNNotificationAttachment(identifier: "p", url: try directory.file("p.png", apiOnePixelPNG)))
        #expect(plain.thumbnailClippingRect == nil && plain.thumbnailTime == nil && !plain.isThumbnailHidden)
    }

    @Test func settingsComeBackValueByValue() throws {
        let settings = UNNotificationSettings(
            authorizationStatus: .provisional, soundSetting: .enabled, badgeSetting: .disabled,
            alertSetting: .enabled, notificationCenterSetting: .enabled, lockScreenSetting: .disabled,
            carPlaySetting: .notSupported, alertStyle: .alert, showPreviewsSetting: .whenAuthenticated,
            criticalAlertSetting: .enabled, providesAppNotificationSettings: true,
            announcementSetting: .disabled, timeSensitiveSetting: .enabled, scheduledDeliverySetting: .notSupported,
            directMessagesSetting: .disabled)
        let back = try archivedAndBack(settings)
        #expect(back.authorizationStatus == .provisional && back.soundSetting == .enabled)
        #expect(back.badgeSetting == .disabled && back.alertSetting == .enabled)
        #expect(back.notificationCenterSetting == .enabled && back.lockScreenSetting == .disabled)
        #expect(back.carPlaySetting == .notSupported && back.alertStyle == .alert)
        #expect(back.showPreviewsSetting == .whenAuthenticated && back.criticalAlertSetting == .enabled)
        #expect(back.providesAppNotificationSettings && back.announcementSetting == .disabled)
        #expect(back.timeSensitiveSetting == .enabled && back.scheduledDeliverySetting == .notSupported)
        #expect(back.directMessagesSetting == .disabled)
        #expect(back.isEqual(settings))
    }

    @Test func notificationsAndResponsesComeBack() throws {
        let request = UNNotificationRequest(
            identifier: "chat-1", content: everyFieldContent(attachment: try attachment()),
            trigger: UNPushNotificationTrigger())
        let notification = UNNotification(request: request, date: Date(timeIntervalSince1970: 1_800_000_000.25))
        let notificationBack = try archivedAndBack(notification)
        #expect(notificationBack.date == notification.date)
        #expect(notificationBack.request.identifier == "chat-1")
        #expect(notificationBack.request.trigger is UNPushNotificationTrigger)
        expectSameFields(notificationBack.request.content, request.content)

        let response = UNNotificationResponse(notification: notification, actionIdentifier: "done")
        let responseBack = try archivedAndBack(response)
        #expect(responseBack.actionIdentifier == "done" && responseBack.notification.isEqual(notification))

        let text = UNTextInputNotificationResponse(
            notification: notification, actionIdentifier: "reply", userText: "On my way ✓")
        let textBack = try archivedAndBack(text)
        #expect(textBack.userText == "On my way ✓" && textBack.actionIdentifier == "reply")
        #expect(textBack.isEqual(text))
    }

    @Test func anArchiveWithoutOptionalValuesGivesTheirDefaults() throws {
        let (content, error) = try decode(TitleOnlyContentArchive(), as: UNMutableNotificationContent.self)
        #expect(error == nil)
        #expect(content?.title == "Only a title")
        #expect(content?.body == "" && content?.badge == nil && content?.sound == nil)
        #expect(content?.attachments.isEmpty == true && content?.userInfo.isEmpty == true)
        #expect(content?.interruptionLevel == .active && content?.targetContentIdentifier == nil)
    }

    @Test func anArchiveMissingARequiredValueFailsWithAnError() throws {
        let (request, error) = try decode(IdentifierlessRequestArchive(), as: UNNotificationRequest.self)
        #expect(request == nil)
        #expect((error as? CocoaError)?.code == .coderReadCorrupt)
    }
}

/// An archive read as a `UNNotificationRequest`: it has content but no identifier.
final class IdentifierlessRequestArchive: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    override init() { super.init() }
    init?(coder: NSCoder) { nil }
    func encode(with coder: NSCoder) { coder.encode(UNNotificationContent(), forKey: "content") }
}

/// An archive read as a `UNMutableNotificationContent`: it has a title and nothing else.
final class TitleOnlyContentArchive: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    override init() { super.init() }
    init?(coder: NSCoder) { nil }
    func encode(with coder: NSCoder) { coder.encode("Only a title", forKey: "title") }
}

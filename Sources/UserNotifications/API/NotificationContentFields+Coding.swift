import Foundation

/// The keyed-archive form of a `UNNotificationContent`: one key per property.
extension NotificationContentFields {
    /// Reads the fields from a secure archive; a value not in the archive keeps its default.
    init(coder: NSCoder) {
        title = coder.decodeString(forKey: "title") ?? ""
        subtitle = coder.decodeString(forKey: "subtitle") ?? ""
        body = coder.decodeString(forKey: "body") ?? ""
        badge = coder.decodeObjectIfPresent(of: NSNumber.self, forKey: "badge")
        sound = coder.decodeObjectIfPresent(of: UNNotificationSound.self, forKey: "sound")
        launchImageName = coder.decodeString(forKey: "launchImageName") ?? ""
        userInfo = coder.decodePropertyListDictionary(forKey: "userInfo") ?? [:]
        attachments = coder.decodeArray(of: UNNotificationAttachment.self, forKey: "attachments") ?? []
        categoryIdentifier = coder.decodeString(forKey: "categoryIdentifier") ?? ""
        threadIdentifier = coder.decodeString(forKey: "threadIdentifier") ?? ""
        targetContentIdentifier = coder.decodeString(forKey: "targetContentIdentifier")
        summaryArgument = coder.decodeString(forKey: "summaryArgument") ?? ""
        summaryArgumentCount = coder.decodeInteger(forKey: "summaryArgumentCount")
        if coder.containsValue(forKey: "interruptionLevel") {
            interruptionLevel =
                UNNotificationInterruptionLevel(rawValue: coder.decodeUnsigned(forKey: "interruptionLevel")) ?? .active
        }
        relevanceScore = coder.decodeDouble(forKey: "relevanceScore")
        filterCriteria = coder.decodeString(forKey: "filterCriteria")
    }

    /// Writes every field to an archive.
    func encode(with coder: NSCoder) {
        coder.encode(title, forKey: "title")
        coder.encode(subtitle, forKey: "subtitle")
        coder.encode(body, forKey: "body")
        coder.encode(badge, forKey: "badge")
        coder.encode(sound, forKey: "sound")
        coder.encode(launchImageName, forKey: "launchImageName")
        coder.encodePropertyListDictionary(userInfo, forKey: "userInfo")
        coder.encode(attachments as NSArray, forKey: "attachments")
        coder.encode(categoryIdentifier, forKey: "categoryIdentifier")
        coder.encode(threadIdentifier, forKey: "threadIdentifier")
        coder.encode(targetContentIdentifier, forKey: "targetContentIdentifier")
        coder.encode(summaryArgument, forKey: "summaryArgument")
        coder.encode(summaryArgumentCount, forKey: "summaryArgumentCount")
        coder.encodeUnsigned(interruptionLevel.rawValue, forKey: "interruptionLevel")
        coder.encode(relevanceScore, forKey: "relevanceScore")
        coder.encode(filterCriteria, forKey: "filterCriteria")
    }
}

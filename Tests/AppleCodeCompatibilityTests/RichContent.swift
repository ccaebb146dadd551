// Attachments, critical sounds, action icons and localized strings, as media, health and
// messaging apps use them.
import UserNotifications

enum RichContent {
    static func photoContent(imageURL: URL) throws -> UNNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = NSString.localizedUserNotificationString(forKey: "NEW_PHOTO_TITLE", arguments: nil)
        content.body = NSString.localizedUserNotificationString(forKey: "NEW_PHOTO_BODY %@", arguments: ["Ann"])
        let attachment = try UNNotificationAttachment(
            identifier: "photo", url: imageURL,
            options: [
                UNNotificationAttachmentOptionsTypeHintKey: "public.png",
                UNNotificationAttachmentOptionsThumbnailHiddenKey: false,
            ])
        content.attachments = [attachment]
        content.targetContentIdentifier = "gallery"
        return content.copy() as! UNNotificationContent
    }

    static func criticalContent() -> UNMutableNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = "Glucose low"
        content.sound = .criticalSoundNamed(UNNotificationSoundName(rawValue: "alarm.caf"), withAudioVolume: 1.0)
        content.interruptionLevel = .critical
        return content
    }

    static func iconActions() -> [UNNotificationAction] {
        let like = UNNotificationAction(
            identifier: "LIKE", title: "Like", options: [.foreground],
            icon: UNNotificationActionIcon(systemImageName: "hand.thumbsup"))
        let delete = UNNotificationAction(
            identifier: "DELETE", title: "Delete", options: .destructive,
            icon: UNNotificationActionIcon(templateImageName: "trash"))
        return [like, delete]
    }

    static func describe(_ error: Error) -> String {
        if let error = error as? UNError {
            switch error.code {
            case .notificationsNotAllowed: return "not allowed"
            case .attachmentInvalidURL, .attachmentUnrecognizedType, .attachmentInvalidFileSize,
                .attachmentNotInDataStore, .attachmentMoveIntoDataStoreFailed, .attachmentCorrupt:
                return "bad attachment"
            default: return "other: \(error.code.rawValue)"
            }
        }
        return (error as NSError).localizedDescription
    }
}

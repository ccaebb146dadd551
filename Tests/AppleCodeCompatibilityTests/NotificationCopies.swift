// Copies through NSCopying, as code that caches or hands notification objects across threads
// makes them on Apple platforms, where every notification type conforms to it.
import UserNotifications

enum NotificationCopies {
    static func copied<T: NSCopying>(_ value: T) -> T? {
        value.copy(with: nil) as? T
    }

    static func copies(
        of request: UNNotificationRequest, category: UNNotificationCategory,
        action: UNNotificationAction, attachment: UNNotificationAttachment?
    ) -> [Any?] {
        [
            copied(request),
            copied(category),
            copied(action),
            attachment.flatMap { copied($0) },
            request.trigger.flatMap { copied($0) },
            copied(UNNotificationActionIcon(systemImageName: "star")),
        ]
    }

    static func copies(
        of notification: UNNotification, response: UNNotificationResponse,
        settings: UNNotificationSettings
    ) -> [Any?] {
        [copied(notification), copied(response), copied(settings)]
    }
}

import Foundation

/// The values of a `UNNotificationContent`, kept together so that a copy is one assignment and
/// the content's lock guards one value.
struct NotificationContentFields {
    var title = ""
    var subtitle = ""
    var body = ""
    var badge: NSNumber?
    var sound: UNNotificationSound?
    var launchImageName = ""
    var userInfo: [AnyHashable: Any] = [:]
    var attachments: [UNNotificationAttachment] = []
    var categoryIdentifier = ""
    var threadIdentifier = ""
    var targetContentIdentifier: String?
    var summaryArgument = ""
    var summaryArgumentCount = 0
    var interruptionLevel: UNNotificationInterruptionLevel = .active
    var relevanceScore: Double = 0
    var filterCriteria: String?

    /// Field-by-field equality; `userInfo` is compared by value (``PropertyListEquality``).
    func isEqual(to other: NotificationContentFields) -> Bool {
        title == other.title && subtitle == other.subtitle && body == other.body
            && badge == other.badge && sound == other.sound
            && launchImageName == other.launchImageName
            && attachments == other.attachments
            && categoryIdentifier == other.categoryIdentifier
            && threadIdentifier == other.threadIdentifier
            && targetContentIdentifier == other.targetContentIdentifier
            && summaryArgument == other.summaryArgument
            && summaryArgumentCount == other.summaryArgumentCount
            && interruptionLevel == other.interruptionLevel
            && relevanceScore == other.relevanceScore
            && filterCriteria == other.filterCriteria
            && PropertyListEquality.isEqual(userInfo, other.userInfo)
    }
}

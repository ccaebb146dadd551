import Foundation

/// Notification content that you fill in before scheduling a request.
///
/// Every property of ``UNNotificationContent`` is settable here. The request keeps an immutable
/// copy, so changing the content after `UNNotificationRequest(identifier:content:trigger:)`
/// changes nothing already scheduled.
///
/// On Linux the object is safe to use from several threads (each property is read and written
/// under a lock), where Apple asks you to confine it to one.
open class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    /// The title: the popup's summary line on Linux.
    open override var title: String {
        get { readFields { $0.title } }
        set { updateFields { $0.title = newValue } }
    }

    /// A secondary line: on Linux, the first line of the popup's body.
    open override var subtitle: String {
        get { readFields { $0.subtitle } }
        set { updateFields { $0.subtitle = newValue } }
    }

    /// The message.
    open override var body: String {
        get { readFields { $0.body } }
        set { updateFields { $0.body = newValue } }
    }

    /// The number to show on the app's icon; `0` removes the badge, `nil` leaves it alone.
    open override var badge: NSNumber? {
        get { readFields { $0.badge } }
        set { updateFields { $0.badge = newValue } }
    }

    /// The sound to play, or `nil` for none.
    open override var sound: UNNotificationSound? {
        get { readFields { $0.sound } }
        set { updateFields { $0.sound = newValue } }
    }

    /// The launch image to show when the app opens from the notification (unused on Linux).
    open override var launchImageName: String {
        get { readFields { $0.launchImageName } }
        set { updateFields { $0.launchImageName = newValue } }
    }

    /// App data delivered with the notification and passed back in the response.
    ///
    /// A `[String: Any]` dictionary can be assigned directly. On Linux the values must be
    /// property-list types (strings, numbers, booleans, dates, data, arrays and dictionaries of
    /// them) for the agent to keep them.
    open override var userInfo: [AnyHashable: Any] {
        get { readFields { $0.userInfo } }
        set { updateFields { $0.userInfo = newValue } }
    }

    /// The attachments: on Linux the first image is shown by servers that show images.
    open override var attachments: [UNNotificationAttachment] {
        get { readFields { $0.attachments } }
        set { updateFields { $0.attachments = newValue } }
    }

    /// The identifier of the ``UNNotificationCategory`` whose actions the notification shows.
    open override var categoryIdentifier: String {
        get { readFields { $0.categoryIdentifier } }
        set { updateFields { $0.categoryIdentifier = newValue } }
    }

    /// The identifier grouping related notifications.
    open override var threadIdentifier: String {
        get { readFields { $0.threadIdentifier } }
        set { updateFields { $0.threadIdentifier = newValue } }
    }

    /// The identifier of the window or content to bring forward (passed back only on Linux).
    open override var targetContentIdentifier: String? {
        get { readFields { $0.targetContentIdentifier } }
        set { updateFields { $0.targetContentIdentifier = newValue } }
    }

    /// The text the category's summary format inserts (deprecated by Apple in iOS 15).
    @available(iOS, introduced: 12.0, deprecated: 15.0, message: "This property is ignored.")
    open override var summaryArgument: String {
        get { readFields { $0.summaryArgument } }
        set { updateFields { $0.summaryArgument = newValue } }
    }

    /// The number of items the notification stands for in a summary (deprecated by Apple in iOS 15).
    @available(iOS, introduced: 12.0, deprecated: 15.0, message: "This property is ignored.")
    open override var summaryArgumentCount: Int {
        get { readFields { $0.summaryArgumentCount } }
        set { updateFields { $0.summaryArgumentCount = newValue } }
    }

    /// How urgently to deliver the notification: on Linux, the `urgency` hint.
    open override var interruptionLevel: UNNotificationInterruptionLevel {
        get { readFields { $0.interruptionLevel } }
        set { updateFields { $0.interruptionLevel = newValue } }
    }

    /// The score, from 0 to 1, that orders the notification in a summary (kept only on Linux).
    open override var relevanceScore: Double {
        get { readFields { $0.relevanceScore } }
        set { updateFields { $0.relevanceScore = newValue } }
    }

    /// The criteria a Focus filter matches (kept only on Linux).
    open override var filterCriteria: String? {
        get { readFields { $0.filterCriteria } }
        set { updateFields { $0.filterCriteria = newValue } }
    }
}

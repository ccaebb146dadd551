import Foundation

/// The content of a notification: text, sound, badge, attachments and app data.
///
/// Create and fill a ``UNMutableNotificationContent``; a request keeps an immutable copy.
/// `copy()` gives an immutable copy and `mutableCopy()` a ``UNMutableNotificationContent``.
/// Content archives with `NSKeyedArchiver` (secure coding), keeping its class and every
/// property; only `userInfo` entries that are property lists are archived.
///
/// On Linux the title becomes the popup's summary, the subtitle and body its body (the subtitle
/// on a line of its own), the badge a launcher count, and an image attachment the `image-path`
/// hint. `launchImageName`, `targetContentIdentifier`, `relevanceScore` and `filterCriteria`
/// are kept and passed back with the notification but do not change what is shown.
open class UNNotificationContent: NSObject, NSCopying, NSMutableCopying, NSSecureCoding, @unchecked Sendable {
    private let lock = NSLock()
    private var fields: NotificationContentFields

    /// Creates empty content.
    public override init() {
        fields = NotificationContentFields()
        super.init()
    }

    init(fields: NotificationContentFields) {
        self.fields = fields
        super.init()
    }

    /// Content is archived securely: `NSKeyedUnarchiver` may require secure coding.
    open class var supportsSecureCoding: Bool { true }

    /// Reads content archived by `encode(with:)`.
    public required init?(coder: NSCoder) {
        fields = NotificationContentFields(coder: coder)
        super.init()
    }

    /// Archives every property.
    open func encode(with coder: NSCoder) {
        readFields { $0 }.encode(with: coder)
    }

    final func readFields<T>(_ read: (NotificationContentFields) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return read(fields)
    }

    final func updateFields(_ update: (inout NotificationContentFields) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        update(&fields)
    }

    /// The title: the popup's summary line on Linux.
    open var title: String { readFields { $0.title } }
    /// A secondary line: on Linux, the first line of the popup's body.
    open var subtitle: String { readFields { $0.subtitle } }
    /// The message.
    open var body: String { readFields { $0.body } }
    /// The number to show on the app's icon; `0` removes the badge, `nil` leaves it alone.
    open var badge: NSNumber? { readFields { $0.badge } }
    /// The sound to play, or `nil` for none.
    open var sound: UNNotificationSound? { readFields { $0.sound } }
    /// The launch image to show when the app opens from the notification (unused on Linux).
    open var launchImageName: String { readFields { $0.launchImageName } }
    /// App data delivered with the notification and passed back in the response.
    open var userInfo: [AnyHashable: Any] { readFields { $0.userInfo } }
    /// The attachments: on Linux the first image is shown by servers that show images.
    open var attachments: [UNNotificationAttachment] { readFields { $0.attachments } }
    /// The identifier of the ``UNNotificationCategory`` whose actions the notification shows.
    open var categoryIdentifier: String { readFields { $0.categoryIdentifier } }
    /// The identifier grouping related notifications.
    open var threadIdentifier: String { readFields { $0.threadIdentifier } }
    /// The identifier of the window or content to bring forward (passed back only on Linux).
    open var targetContentIdentifier: String? { readFields { $0.targetContentIdentifier } }
    /// The text the category's summary format inserts (deprecated by Apple in iOS 15).
    @available(iOS, introduced: 12.0, deprecated: 15.0, message: "This property is ignored.")
    open var summaryArgument: String { readFields { $0.summaryArgument } }
    /// The number of items the notification stands for in a summary (deprecated by Apple in iOS 15).
    @available(iOS, introduced: 12.0, deprecated: 15.0, message: "This property is ignored.")
    open var summaryArgumentCount: Int { readFields { $0.summaryArgumentCount } }
    /// How urgently to deliver the notification: on Linux, the `urgency` hint.
    open var interruptionLevel: UNNotificationInterruptionLevel { readFields { $0.interruptionLevel } }
    /// The score, from 0 to 1, that orders the notification in a summary (kept only on Linux).
    open var relevanceScore: Double { readFields { $0.relevanceScore } }
    /// The criteria a Focus filter matches (kept only on Linux).
    open var filterCriteria: String? { readFields { $0.filterCriteria } }

    /// An immutable copy.
    open func copy(with zone: NSZone? = nil) -> Any {
        UNNotificationContent(fields: readFields { $0 })
    }

    /// A mutable copy: a ``UNMutableNotificationContent``.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        UNMutableNotificationContent(fields: readFields { $0 })
    }

    /// An immutable copy, typed.
    package func immutableCopy() -> UNNotificationContent {
        UNNotificationContent(fields: readFields { $0 })
    }

    /// Contents are equal when every field is (`userInfo` compared as a property list).
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationContent else { return false }
        if other === self { return true }
        let mine = readFields { $0 }
        return other.readFields { mine.isEqual(to: $0) }
    }

    /// A hash of the text fields.
    open override var hash: Int {
        readFields { fields in
            var hasher = Hasher()
            hasher.combine(fields.title)
            hasher.combine(fields.subtitle)
            hasher.combine(fields.body)
            hasher.combine(fields.categoryIdentifier)
            return hasher.finalize()
        }
    }

    /// Whether there is nothing to show or play: no text, sound, badge or attachment.
    package var isEmpty: Bool {
        readFields {
            $0.title.isEmpty && $0.subtitle.isEmpty && $0.body.isEmpty && $0.sound == nil
                && $0.badge == nil && $0.attachments.isEmpty
        }
    }
}

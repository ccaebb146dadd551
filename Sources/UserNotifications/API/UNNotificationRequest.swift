import Foundation

/// A request to deliver a notification: an identifier, the content, and when.
///
/// The request keeps an immutable copy of the content. Adding a request with the identifier of
/// a pending or delivered one replaces it (on Linux a delivered popup is updated in place
/// through `replaces_id`). A request archives with `NSKeyedArchiver` (secure coding), as apps
/// do to keep the requests they scheduled.
open class UNNotificationRequest: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// It is immutable, so a copy is the same object (`NSCopying`, as on Apple platforms).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The identifier the app chose, unique among its requests.
    public let identifier: String
    /// An immutable copy of the content.
    public let content: UNNotificationContent
    /// The condition that delivers the notification, or `nil` for "now".
    public let trigger: UNNotificationTrigger?

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - identifier: Unique among the app's requests; reusing one replaces that request.
    ///   - content: Copied: later changes to it do not affect the request.
    ///   - trigger: When to deliver, or `nil` to deliver at once.
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = content.immutableCopy()
        self.trigger = trigger
        super.init()
    }

    /// Requests are archived securely: `NSKeyedUnarchiver` may require secure coding.
    open class var supportsSecureCoding: Bool { true }

    /// Reads a request archived by `encode(with:)`; `nil` when the identifier or content is
    /// missing.
    public required init?(coder: NSCoder) {
        guard let identifier = coder.decodeString(forKey: "identifier"),
            let content = coder.decodeObjectIfPresent(of: UNNotificationContent.self, forKey: "content")
        else { return nil }
        self.identifier = identifier
        self.content = content.immutableCopy()
        self.trigger = coder.decodeObjectIfPresent(of: UNNotificationTrigger.self, forKey: "trigger")
        super.init()
    }

    /// Archives the identifier, the content and the trigger.
    open func encode(with coder: NSCoder) {
        coder.encode(identifier, forKey: "identifier")
        coder.encode(content, forKey: "content")
        coder.encode(trigger, forKey: "trigger")
    }

    /// Why the request cannot be scheduled, as `add` reports it: an invalid trigger
    /// (`.notificationInvalidNoDate`) or nothing to show (`.notificationInvalidNoContent`).
    package func validationError() -> UNError? {
        if let error = trigger?.validationError() { return error }
        if content.isEmpty {
            return UNError(
                .notificationInvalidNoContent,
                "Notification request \"\(identifier)\" has no content: set a title, subtitle, body, sound, badge or attachment."
            )
        }
        return nil
    }

    /// Requests are equal when identifier, content and trigger are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationRequest else { return false }
        return identifier == other.identifier && content.isEqual(other.content)
            && trigger == other.trigger
    }

    /// A hash of the identifier.
    open override var hash: Int { identifier.hashValue }
}

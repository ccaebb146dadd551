import Foundation

/// The action identifier of a response to the user opening the notification itself (on Linux:
/// the `"default"` action, a click on the popup's body).
public let UNNotificationDefaultActionIdentifier: String = "com.apple.UNNotificationDefaultActionIdentifier"

/// The action identifier of a response to the user dismissing the notification, sent only for
/// categories with `.customDismissAction` (on Linux: `NotificationClosed` with reason 2).
public let UNNotificationDismissActionIdentifier: String = "com.apple.UNNotificationDismissActionIdentifier"

/// The user's response to a notification: which action they chose.
///
/// Delivered to the delegate's `userNotificationCenter(_:didReceive:withCompletionHandler:)`.
/// On Linux a response that arrives while the app is not running is kept by `unotifyd` and
/// delivered when the app next sets a delegate.
open class UNNotificationResponse: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// It is immutable, so a copy is the same object (`NSCopying`, as on Apple platforms).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The notification the user responded to.
    public let notification: UNNotification
    /// The chosen action's identifier, ``UNNotificationDefaultActionIdentifier`` or
    /// ``UNNotificationDismissActionIdentifier``.
    public let actionIdentifier: String

    /// Creates a response (the engine does).
    package init(notification: UNNotification, actionIdentifier: String) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        super.init()
    }

    /// Responses are archived securely: `NSKeyedUnarchiver` may require secure coding.
    open class var supportsSecureCoding: Bool { true }

    /// Reads a response archived by `encode(with:)`; `nil` when the notification or action is
    /// missing.
    public required init?(coder: NSCoder) {
        guard let notification = coder.decodeObjectIfPresent(of: UNNotification.self, forKey: "notification"),
            let actionIdentifier = coder.decodeString(forKey: "actionIdentifier")
        else { return nil }
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        super.init()
    }

    /// Archives the notification and the chosen action.
    open func encode(with coder: NSCoder) {
        coder.encode(notification, forKey: "notification")
        coder.encode(actionIdentifier, forKey: "actionIdentifier")
    }

    /// Responses are equal when notification and action are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationResponse, type(of: other) == type(of: self) else { return false }
        return actionIdentifier == other.actionIdentifier && notification.isEqual(other.notification)
    }

    /// A hash of the action and the request's identifier.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(actionIdentifier)
        hasher.combine(notification.request.identifier)
        return hasher.finalize()
    }
}

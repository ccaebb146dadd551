import Foundation

/// A button the user can press in a notification.
///
/// Register actions through a ``UNNotificationCategory``; the user's choice comes back to the
/// delegate as a ``UNNotificationResponse`` whose `actionIdentifier` is this identifier.
///
/// On Linux each action becomes a key/label pair of the `Notify` call's `actions`; servers
/// without the `actions` capability show none (the notification is still delivered).
open class UNNotificationAction: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// It is immutable, so a copy is the same object (`NSCopying`, as on Apple platforms).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The identifier reported in the response.
    public let identifier: String
    /// The button's label.
    public let title: String
    /// How the action behaves.
    public let options: UNNotificationActionOptions
    /// The button's icon, if any. On Linux it is not shown (see ``UNNotificationActionIcon``).
    public let icon: UNNotificationActionIcon?

    /// Creates an action with an icon.
    public init(
        identifier: String, title: String, options: UNNotificationActionOptions = [],
        icon: UNNotificationActionIcon?
    ) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.icon = icon
        super.init()
    }

    /// Creates an action.
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.init(identifier: identifier, title: title, options: options, icon: nil)
    }

    /// Actions are archived securely: `NSKeyedUnarchiver` may require secure coding.
    open class var supportsSecureCoding: Bool { true }

    /// Reads an action archived by `encode(with:)`; `nil` when the identifier or title is
    /// missing.
    public required init?(coder: NSCoder) {
        guard let identifier = coder.decodeString(forKey: "identifier"),
            let title = coder.decodeString(forKey: "title")
        else { return nil }
        self.identifier = identifier
        self.title = title
        self.options = UNNotificationActionOptions(rawValue: coder.decodeUnsigned(forKey: "options"))
        self.icon = coder.decodeObjectIfPresent(of: UNNotificationActionIcon.self, forKey: "icon")
        super.init()
    }

    /// Archives the identifier, title, options and icon.
    open func encode(with coder: NSCoder) {
        coder.encode(identifier, forKey: "identifier")
        coder.encode(title, forKey: "title")
        coder.encodeUnsigned(options.rawValue, forKey: "options")
        coder.encode(icon, forKey: "icon")
    }

    /// Actions are equal when identifier, title, options and icon are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationAction, type(of: other) == type(of: self) else { return false }
        return identifier == other.identifier && title == other.title && options == other.options
            && icon == other.icon
    }

    /// A hash of the identifier.
    open override var hash: Int { identifier.hashValue }
}

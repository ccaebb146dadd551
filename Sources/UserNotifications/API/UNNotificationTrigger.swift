import Foundation

/// The common base of the conditions that deliver a notification.
///
/// Use a subclass: ``UNTimeIntervalNotificationTrigger``, ``UNCalendarNotificationTrigger``
/// (and, on Apple platforms only, ``UNLocationNotificationTrigger``). A request with no trigger
/// is delivered at once.
open class UNNotificationTrigger: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// It is immutable, so a copy is the same object (`NSCopying`, as on Apple platforms).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether the notification is delivered again each time the condition is met.
    public let repeats: Bool

    /// Creates a trigger; only the subclasses in this module do.
    package init(repeats: Bool) {
        self.repeats = repeats
        super.init()
    }

    /// Triggers are archived securely: `NSKeyedUnarchiver` may require secure coding.
    open class var supportsSecureCoding: Bool { true }

    /// Reads a trigger archived by `encode(with:)`.
    public required init?(coder: NSCoder) {
        repeats = coder.decodeBool(forKey: "repeats")
        super.init()
    }

    /// Archives whether the trigger repeats; subclasses add their condition.
    open func encode(with coder: NSCoder) {
        coder.encode(repeats, forKey: "repeats")
    }

    /// Triggers are equal when they are of the same class and repeat alike; subclasses compare
    /// their condition too.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationTrigger else { return false }
        return type(of: other) == type(of: self) && repeats == other.repeats
    }

    /// A hash of the repetition.
    open override var hash: Int { repeats.hashValue }

    /// Why this trigger can never fire, or `nil` when it can.
    ///
    /// On Apple platforms an invalid trigger raises an Objective-C exception at creation; on
    /// Linux the trigger is created and `add` fails with this error instead.
    package func validationError() -> UNError? { nil }
}

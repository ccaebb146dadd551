import Foundation

/// The common base of the conditions that deliver a notification.
///
/// Use a subclass: ``UNTimeIntervalNotificationTrigger``, ``UNCalendarNotificationTrigger``
/// (and, on Apple platforms only, ``UNLocationNotificationTrigger``). A request with no trigger
/// is delivered at once.
open class UNNotificationTrigger: NSObject, NSCopying, @unchecked Sendable {
    /// It is immutable, so a copy is the same object (`NSCopying`, as on Apple platforms).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether the notification is delivered again each time the condition is met.
    public let repeats: Bool

    /// Creates a trigger; only the subclasses in this module do.
    package init(repeats: Bool) {
        self.repeats = repeats
        super.init()
    }

    /// Why this trigger can never fire, or `nil` when it can.
    ///
    /// On Apple platforms an invalid trigger raises an Objective-C exception at creation; on
    /// Linux the trigger is created and `add` fails with this error instead.
    package func validationError() -> UNError? { nil }
}

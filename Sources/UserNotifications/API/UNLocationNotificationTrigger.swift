import Foundation

/// Delivers a notification when the device enters or leaves a geographic region.
///
/// On Linux there is no CoreLocation, so there is no `init(region:repeats:)` and no `region`
/// property: Apple code that creates a location trigger does not compile and must be put behind
/// `#if canImport(CoreLocation)`. The class exists so that code that inspects triggers
/// (`if let trigger = request.trigger as? UNLocationNotificationTrigger`) compiles; a location
/// trigger can never fire here, and adding a request with one fails with ``UNError``
/// `.notificationInvalidNoDate`.
open class UNLocationNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// Creates a location trigger with no region (tests and the engine only; it cannot fire).
    package init() {
        super.init(repeats: false)
    }

    /// Reads a location trigger archived by `encode(with:)`.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Always an error: location triggers cannot fire on Linux.
    package override func validationError() -> UNError? {
        UNError(
            .notificationInvalidNoDate,
            "UNLocationNotificationTrigger cannot fire on Linux (there is no CoreLocation): use a UNTimeIntervalNotificationTrigger or UNCalendarNotificationTrigger."
        )
    }
}

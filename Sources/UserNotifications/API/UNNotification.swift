import Foundation

/// A delivered notification: the request and when it was delivered.
///
/// Apps receive these (from `getDeliveredNotifications`, the delegate, a response) and never
/// create them.
open class UNNotification: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// It is immutable, so a copy is the same object (`NSCopying`, as on Apple platforms).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// When the notification was delivered.
    public let date: Date
    /// The request that was delivered.
    public let request: UNNotificationRequest

    /// Creates a delivered notification (the engine does).
    package init(request: UNNotificationRequest, date: Date) {
        self.request = request
        self.date = date
        super.init()
    }

    /// Notifications are archived securely: `NSKeyedUnarchiver` may require secure coding.
    open class var supportsSecureCoding: Bool { true }

    /// Reads a notification archived by `encode(with:)`; `nil` when the date or request is
    /// missing.
    public required init?(coder: NSCoder) {
        guard let date = coder.decodeObjectIfPresent(of: NSDate.self, forKey: "date"),
            let request = coder.decodeObjectIfPresent(of: UNNotificationRequest.self, forKey: "request")
        else { return nil }
        self.date = date as Date
        self.request = request
        super.init()
    }

    /// Archives the date and the request.
    open func encode(with coder: NSCoder) {
        coder.encode(date, forKey: "date")
        coder.encode(request, forKey: "request")
    }

    /// Notifications are equal when request and date are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotification else { return false }
        return date == other.date && request.isEqual(other.request)
    }

    /// A hash of the request's identifier.
    open override var hash: Int { request.identifier.hashValue }
}

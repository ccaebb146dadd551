import FreedesktopNotifications

/// One change of the delivered notifications, as the store records it (``DeliveredTable``).
enum DeliveredChange: Sendable {
    /// `notification` is shown under `id` (a replacement in place included).
    case added(DeliveredNotification, at: OwnedNotificationID)
    /// The notification shown under `id` is no longer delivered.
    case removed(OwnedNotificationID)
    /// Everything `owner` (a server connection that has gone) showed is no longer delivered.
    case forgotOwner(String)
}

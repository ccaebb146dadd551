import Foundation

/// The trigger of a notification that came from a push payload.
///
/// Apps never create one. On Linux the agent attaches it to notifications delivered from an
/// APNs payload (`unotify push`), so `notification.request.trigger is UNPushNotificationTrigger`
/// tells them apart as on Apple platforms.
open class UNPushNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// Creates the trigger of a pushed notification.
    package init() {
        super.init(repeats: false)
    }

    /// Reads a push trigger archived by `encode(with:)`.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

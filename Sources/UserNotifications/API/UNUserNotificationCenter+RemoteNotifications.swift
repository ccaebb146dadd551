import Foundation

/// Remote notifications: registering yields the app's "device token".
///
/// On Apple platforms `registerForRemoteNotifications()` is `UIApplication`'s (and
/// `NSApplication`'s), and the token arrives in the app delegate's
/// `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)` or the error in
/// `application(_:didFailToRegisterForRemoteNotificationsWithError:)`. On Linux there is no
/// application object in this module, so the registration lives on the app's
/// `UNUserNotificationCenter`, in an `async` form and a completion-handler form whose two
/// arguments are those two delegate calls' (the token, or the error).
///
/// On Linux the token is the app's Web Push subscription, registered through the UnifiedPush
/// distributor on the session bus by the notification agent: the UTF-8 JSON a browser's
/// `PushSubscription.toJSON()` gives (`endpoint`, `expirationTime`, `keys.p256dh`,
/// `keys.auth`), which the app sends to its server as it would send an APNs token; every Web
/// Push library takes it. Messages sent to it arrive as APNs payloads, through the same
/// permissions as other notifications, even while the app is not running (docs/PUSH.md).
extension UNUserNotificationCenter {
    /// Registers the app for remote notifications and returns its device token.
    ///
    /// On Linux the token is the Web Push subscription JSON (UTF-8); registering again returns
    /// the same one while its distributor runs.
    ///
    /// - Throws: ``RemoteNotificationRegistrationError`` (`.noDistributor` when no UnifiedPush
    ///   distributor is on the bus).
    public func registerForRemoteNotifications() async throws -> Data {
        try await backend.registerForRemoteNotifications(appIdentifier: appIdentifier)
    }

    /// Registers the app for remote notifications; `completionHandler` gets the device token
    /// (as `didRegisterForRemoteNotificationsWithDeviceToken`) or the error (as
    /// `didFailToRegisterForRemoteNotificationsWithError`), exactly one of them non-nil.
    public func registerForRemoteNotifications(
        completionHandler: @escaping @Sendable (_ deviceToken: Data?, _ error: (any Error)?) -> Void
    ) {
        let backend = self.backend
        let app = appIdentifier
        Task {
            do {
                completionHandler(try await backend.registerForRemoteNotifications(appIdentifier: app), nil)
            } catch {
                completionHandler(nil, error)
            }
        }
    }

    /// Unregisters the app from remote notifications (`UIApplication`'s
    /// `unregisterForRemoteNotifications()`); the next registration gets a new token.
    public func unregisterForRemoteNotifications() async throws {
        try await backend.unregisterForRemoteNotifications(appIdentifier: appIdentifier)
    }
}

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
        try await backend.registerForRemoteNotifications(appIdentifier: appIdentifier, applicationServerKey: nil)
    }

    /// Registers the app for remote notifications, for an app server that signs its pushes,
    /// and returns its device token.
    ///
    /// On Linux only (Apple's APNs authenticates the app server itself): `applicationServerKey`
    /// is the app server's VAPID public key (RFC 8292), the uncompressed P-256 point of 65
    /// bytes that a browser's `PushManager.subscribe` takes under that name. The distributor's
    /// push service then accepts only pushes the server signs with the matching private key. A
    /// key other than the one registered before registers again with it; the token may change.
    ///
    /// - Throws: ``RemoteNotificationRegistrationError``: `.invalidServerKey` when the key is no
    ///   P-256 public key, `.noDistributor` when no UnifiedPush distributor is on the bus.
    public func registerForRemoteNotifications(applicationServerKey: Data) async throws -> Data {
        try await backend.registerForRemoteNotifications(
            appIdentifier: appIdentifier, applicationServerKey: applicationServerKey)
    }

    /// Registers the app for remote notifications; `completionHandler` gets the device token
    /// (as `didRegisterForRemoteNotificationsWithDeviceToken`) or the error (as
    /// `didFailToRegisterForRemoteNotificationsWithError`), exactly one of them non-nil. A tool
    /// may end right after calling: its exit waits until the handler has run.
    public func registerForRemoteNotifications(
        completionHandler: @escaping @Sendable (_ deviceToken: Data?, _ error: (any Error)?) -> Void
    ) {
        let backend = self.backend
        let app = appIdentifier
        let drain = CompletionDrain.shared
        drain.begin()
        Task {
            let result: Result<Data, any Error>
            do {
                result = .success(
                    try await backend.registerForRemoteNotifications(appIdentifier: app, applicationServerKey: nil))
            } catch {
                result = .failure(error)
            }
            drain.runHandler {
                switch result {
                case .success(let token): completionHandler(token, nil)
                case .failure(let error): completionHandler(nil, error)
                }
            }
            drain.end()
        }
    }

    /// Unregisters the app from remote notifications (`UIApplication`'s
    /// `unregisterForRemoteNotifications()`); the next registration gets a new token.
    public func unregisterForRemoteNotifications() async throws {
        try await backend.unregisterForRemoteNotifications(appIdentifier: appIdentifier)
    }
}

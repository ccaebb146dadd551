import Foundation

/// What a `UNUserNotificationCenter` delegates every call to, for one app identifier.
///
/// The production backend is the client of `unotifyd` (see ``NotificationCenterBackendFactory``);
/// tests use fakes. Methods throw ``UNError`` (or any error, which the center passes on to the
/// app's completion handlers unchanged).
package protocol NotificationCenterBackend: Sendable {
    /// Asks the user (or the stored state) for authorization; `true` when granted.
    func requestAuthorization(options: UNAuthorizationOptions, appIdentifier: String) async throws -> Bool

    /// The app's current settings.
    func notificationSettings(appIdentifier: String) async throws -> UNNotificationSettings

    /// Schedules or delivers a request. The center has already checked
    /// `request.validationError()`.
    func add(_ request: UNNotificationRequest, appIdentifier: String) async throws

    /// Replaces the app's registered categories.
    func setCategories(_ categories: Set<UNNotificationCategory>, appIdentifier: String) async throws

    /// The app's registered categories.
    func categories(appIdentifier: String) async throws -> Set<UNNotificationCategory>

    /// The app's requests waiting for their trigger.
    func pendingRequests(appIdentifier: String) async throws -> [UNNotificationRequest]

    /// Removes pending requests by identifier; `nil` removes them all.
    func removePending(identifiers: [String]?, appIdentifier: String) async throws

    /// The app's delivered notifications still shown or in the history.
    func deliveredNotifications(appIdentifier: String) async throws -> [UNNotification]

    /// Removes delivered notifications by identifier (closing their popups); `nil` removes all.
    func removeDelivered(identifiers: [String]?, appIdentifier: String) async throws

    /// Sets the app's badge count; `0` removes the badge.
    func setBadgeCount(_ count: Int, appIdentifier: String) async throws

    /// The user's responses to the app's notifications, from now on (and any kept for it while
    /// it was not running). Subscribed when this returns.
    func responses(appIdentifier: String) async throws -> AsyncStream<UNNotificationResponse>

    /// Registers the app for remote notifications and returns its device token (on Linux the
    /// Web Push subscription JSON), with its app server's VAPID public key when given (65 bytes);
    /// see the default implementation.
    func registerForRemoteNotifications(appIdentifier: String, applicationServerKey: Data?) async throws -> Data

    /// Unregisters the app from remote notifications; see the default implementation.
    func unregisterForRemoteNotifications(appIdentifier: String) async throws

    /// Registers how the running app answers `willPresent`; see the default implementation.
    func setPresenter(
        appIdentifier: String,
        _ presenter: @escaping @Sendable (UNNotification) async -> UNNotificationPresentationOptions?
    ) async throws
}

extension NotificationCenterBackend {
    /// Registers the app for remote notifications and returns its device token; backends
    /// without remote notifications throw ``RemoteNotificationRegistrationError`` `.unavailable`.
    package func registerForRemoteNotifications(appIdentifier: String, applicationServerKey: Data?) async throws
        -> Data
    {
        throw RemoteNotificationRegistrationError(.unavailable, "remote notifications are not available here")
    }

    /// Unregisters the app from remote notifications; backends without them do nothing.
    package func unregisterForRemoteNotifications(appIdentifier: String) async throws {}

    /// Registers how the running app answers `willPresent` (its center's delegate); backends
    /// that cannot ask the app ignore it.
    ///
    /// On Linux the agent asks the app through this presenter before it presents a
    /// notification of the app while the app runs with a delegate; `nil` means "no delegate".
    package func setPresenter(
        appIdentifier: String,
        _ presenter: @escaping @Sendable (UNNotification) async -> UNNotificationPresentationOptions?
    ) async throws {}
}

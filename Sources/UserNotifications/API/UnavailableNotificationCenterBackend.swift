/// A backend whose every call fails with one error: used when there is no agent, or when the
/// app identity is invalid, so that the failure reaches the app's completion handlers.
package struct UnavailableNotificationCenterBackend: NotificationCenterBackend {
    /// The error every call throws.
    package let error: UNError

    package init(error: UNError) { self.error = error }

    package func requestAuthorization(options: UNAuthorizationOptions, appIdentifier: String) async throws -> Bool {
        throw error
    }
    package func notificationSettings(appIdentifier: String) async throws -> UNNotificationSettings { throw error }
    package func add(_ request: UNNotificationRequest, appIdentifier: String) async throws { throw error }
    package func setCategories(_ categories: Set<UNNotificationCategory>, appIdentifier: String) async throws {
        throw error
    }
    package func categories(appIdentifier: String) async throws -> Set<UNNotificationCategory> { throw error }
    package func pendingRequests(appIdentifier: String) async throws -> [UNNotificationRequest] { throw error }
    package func removePending(identifiers: [String]?, appIdentifier: String) async throws { throw error }
    package func deliveredNotifications(appIdentifier: String) async throws -> [UNNotification] { throw error }
    package func removeDelivered(identifiers: [String]?, appIdentifier: String) async throws { throw error }
    package func setBadgeCount(_ count: Int, appIdentifier: String) async throws { throw error }
    package func responses(appIdentifier: String) async throws -> AsyncStream<UNNotificationResponse> { throw error }
}

import Foundation
import UserNotifications

/// A backend that records what the seed listings ask for and answers as an app authorized for
/// everything would be answered.
actor SeedFakeBackend: NotificationCenterBackend {
    private(set) var requestedOptions: [UNAuthorizationOptions] = []
    private(set) var settingsQueries = 0
    private(set) var addedRequests: [UNNotificationRequest] = []
    private(set) var appIdentifiers: Set<String> = []
    private let status: UNAuthorizationStatus

    init(status: UNAuthorizationStatus = .authorized) { self.status = status }

    func requestAuthorization(options: UNAuthorizationOptions, appIdentifier: String) async throws -> Bool {
        requestedOptions.append(options)
        appIdentifiers.insert(appIdentifier)
        return true
    }

    func notificationSettings(appIdentifier: String) async throws -> UNNotificationSettings {
        settingsQueries += 1
        appIdentifiers.insert(appIdentifier)
        return UNNotificationSettings(
            authorizationStatus: status, soundSetting: .enabled, badgeSetting: .enabled,
            alertSetting: .enabled, notificationCenterSetting: .enabled, alertStyle: .banner)
    }

    func add(_ request: UNNotificationRequest, appIdentifier: String) async throws {
        addedRequests.append(request)
        appIdentifiers.insert(appIdentifier)
    }

    func setCategories(_ categories: Set<UNNotificationCategory>, appIdentifier: String) async throws {}
    func categories(appIdentifier: String) async throws -> Set<UNNotificationCategory> { [] }
    func pendingRequests(appIdentifier: String) async throws -> [UNNotificationRequest] { addedRequests }
    func removePending(identifiers: [String]?, appIdentifier: String) async throws {}
    func deliveredNotifications(appIdentifier: String) async throws -> [UNNotification] { [] }
    func removeDelivered(identifiers: [String]?, appIdentifier: String) async throws {}
    func setBadgeCount(_ count: Int, appIdentifier: String) async throws {}
    func responses(appIdentifier: String) async throws -> AsyncStream<UNNotificationResponse> {
        AsyncStream { _ in }
    }
}

/// Waits, up to `seconds`, until `condition` holds; `false` if it never did.
func seedWait(seconds: Double = 10, _ condition: @Sendable () async -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(seconds)
    while clock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return await condition()
}

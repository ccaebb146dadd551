import Foundation
import UserNotifications

/// A `NotificationCenterBackend` that keeps state in memory and records every call with the app
/// identifier it carried, so tests can check what reached the backend and in which order.
actor APIFakeBackend: NotificationCenterBackend {
    /// One call, as the backend received it.
    enum Call: Equatable, Sendable {
        case requestAuthorization(UNAuthorizationOptions.RawValue, app: String)
        case notificationSettings(app: String)
        case add(String, app: String)
        case setCategories([String], app: String)
        case categories(app: String)
        case pendingRequests(app: String)
        case removePending([String]?, app: String)
        case deliveredNotifications(app: String)
        case removeDelivered([String]?, app: String)
        case setBadgeCount(Int, app: String)
        case responses(app: String)
    }

    private(set) var calls: [Call] = []
    /// When set, every call records itself and then throws this.
    var failure: (any Error)?
    /// What `requestAuthorization` answers.
    var grant = true
    /// When set, `requestAuthorization` waits until `releaseAuthorization()`.
    var holdsAuthorization = false
    private var authorizationWaiters: [CheckedContinuation<Void, Never>] = []
    private var pending: [String: UNNotificationRequest] = [:]
    private var pendingOrder: [String] = []
    private var delivered: [UNNotification] = []
    private var storedCategories: Set<UNNotificationCategory> = []
    private(set) var badgeCount: Int?
    private var responseContinuations: [AsyncStream<UNNotificationResponse>.Continuation] = []
    var settings = UNNotificationSettings(
        authorizationStatus: .authorized, soundSetting: .enabled, badgeSetting: .enabled,
        alertSetting: .enabled, notificationCenterSetting: .enabled, alertStyle: .banner)

    func setFailure(_ error: (any Error)?) { failure = error }
    func setGrant(_ value: Bool) { grant = value }
    func setHoldsAuthorization(_ value: Bool) { holdsAuthorization = value }
    func setDelivered(_ notifications: [UNNotification]) { delivered = notifications }

    func releaseAuthorization() {
        holdsAuthorization = false
        let waiters = authorizationWaiters
        authorizationWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Whether a `requestAuthorization` call is waiting for `releaseAuthorization()`.
    var authorizationIsWaiting: Bool { !authorizationWaiters.isEmpty }

    /// Sends a response to every subscriber of `responses(appIdentifier:)`.
    func emit(_ response: UNNotificationResponse) {
        for continuation in responseContinuations { continuation.yield(response) }
    }

    var subscriberCount: Int { responseContinuations.count }

    private func record(_ call: Call) throws {
        calls.append(call)
        if let failure { throw failure }
    }

    func requestAuthorization(options: UNAuthorizationOptions, appIdentifier: String) async throws -> Bool {
        try record(.requestAuthorization(options.rawValue, app: appIdentifier))
        if holdsAuthorization {
            await withCheckedContinuation { authorizationWaiters.append($0) }
        }
        return grant
    }

    func notificationSettings(appIdentifier: String) async throws -> UNNotificationSettings {
        try record(.notificationSettings(app: appIdentifier))
        return settings
    }

    func add(_ request: UNNotificationRequest, appIdentifier: String) async throws {
        try record(.add(request.identifier, app: appIdentifier))
        if pending[request.identifier] == nil { pendingOrder.append(request.identifier) }
        pending[request.identifier] = request
    }

    func setCategories(_ categories: Set<UNNotificationCategory>, appIdentifier: String) async throws {
        try record(.setCategories(categories.map(\.identifier).sorted(), app: appIdentifier))
        storedCategories = categories
    }

    func categories(appIdentifier: String) async throws -> Set<UNNotificationCategory> {
        try record(.categories(app: appIdentifier))
        return storedCategories
    }

    func pendingRequests(appIdentifier: String) async throws -> [UNNotificationRequest] {
        try record(.pendingRequests(app: appIdentifier))
        return pendingOrder.compactMap { pending[$0] }
    }

    func removePending(identifiers: [String]?, appIdentifier: String) async throws {
        try record(.removePending(identifiers, app: appIdentifier))
        let removed = identifiers ?? pendingOrder
        for identifier in removed { pending[identifier] = nil }
        pendingOrder.removeAll { removed.contains($0) }
    }

    func deliveredNotifications(appIdentifier: String) async throws -> [UNNotification] {
        try record(.deliveredNotifications(app: appIdentifier))
        return delivered
    }

    func removeDelivered(identifiers: [String]?, appIdentifier: String) async throws {
        try record(.removeDelivered(identifiers, app: appIdentifier))
        if let identifiers {
            delivered.removeAll { identifiers.contains($0.request.identifier) }
        } else {
            delivered = []
        }
    }

    func setBadgeCount(_ count: Int, appIdentifier: String) async throws {
        try record(.setBadgeCount(count, app: appIdentifier))
        badgeCount = count
    }

    func responses(appIdentifier: String) async throws -> AsyncStream<UNNotificationResponse> {
        try record(.responses(app: appIdentifier))
        let (stream, continuation) = AsyncStream.makeStream(of: UNNotificationResponse.self)
        responseContinuations.append(continuation)
        return stream
    }
}

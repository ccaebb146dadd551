import Foundation
import UserNotifications

// The declarations listed on the UNUserNotificationCenter page (001), as today's SDK spells
// them (`@Sendable` handlers, `any Error`): each line compiles only if the Linux API has that
// exact name, labels and type.

enum SeedAPISurface {
    static func declarations() {
        let _: () -> UNUserNotificationCenter = UNUserNotificationCenter.current
        let _:
            (UNUserNotificationCenter) -> (UNAuthorizationOptions, @escaping @Sendable (Bool, (any Error)?) -> Void) ->
                Void =
                UNUserNotificationCenter.requestAuthorization(options:completionHandler:)
        let _: (UNUserNotificationCenter) -> (Set<UNNotificationCategory>) -> Void =
            UNUserNotificationCenter.setNotificationCategories
        let _: (UNUserNotificationCenter) -> (@escaping @Sendable (Set<UNNotificationCategory>) -> Void) -> Void =
            UNUserNotificationCenter.getNotificationCategories(completionHandler:)
        let _: (UNUserNotificationCenter) -> (@escaping @Sendable ([UNNotificationRequest]) -> Void) -> Void =
            UNUserNotificationCenter.getPendingNotificationRequests(completionHandler:)
        let _: (UNUserNotificationCenter) -> ([String]) -> Void =
            UNUserNotificationCenter.removePendingNotificationRequests(withIdentifiers:)
        let _: (UNUserNotificationCenter) -> () -> Void = UNUserNotificationCenter.removeAllPendingNotificationRequests
        let _: (UNUserNotificationCenter) -> (@escaping @Sendable ([UNNotification]) -> Void) -> Void =
            UNUserNotificationCenter.getDeliveredNotifications(completionHandler:)
        let _: (UNUserNotificationCenter) -> ([String]) -> Void =
            UNUserNotificationCenter.removeDeliveredNotifications(withIdentifiers:)
        let _: (UNUserNotificationCenter) -> () -> Void = UNUserNotificationCenter.removeAllDeliveredNotifications
        let _: (UNUserNotificationCenter) -> (@escaping @Sendable (UNNotificationSettings) -> Void) -> Void =
            UNUserNotificationCenter.getNotificationSettings(completionHandler:)
        let _: KeyPath<UNUserNotificationCenter, Bool> = \.supportsContentExtensions
        let _: ReferenceWritableKeyPath<UNUserNotificationCenter, (any UNUserNotificationCenterDelegate)?> = \.delegate
        let _: String = UNErrorDomain
        let _: UNAuthorizationOptions = []
    }

    /// The `async` forms, as Swift imports them on Apple platforms.
    static func asyncDeclarations(_ center: UNUserNotificationCenter, _ request: UNNotificationRequest) async throws {
        let _: Bool = try await center.requestAuthorization(options: [.alert, .sound])
        let _: UNNotificationSettings = await center.notificationSettings()
        let _: Set<UNNotificationCategory> = await center.notificationCategories()
        try await center.add(request)
        let _: [UNNotificationRequest] = await center.pendingNotificationRequests()
        let _: [UNNotification] = await center.deliveredNotifications()
        try await center.setBadgeCount(0)
    }

    /// Apple-platform code that switches over the enums with `@unknown default` compiles too
    /// (it is the usual way to write it there).
    static func describe(_ settings: UNNotificationSettings) -> String {
        switch settings.authorizationStatus {
        case .notDetermined: return "not determined"
        case .denied: return "denied"
        case .authorized: return "authorized"
        case .provisional: return "provisional"
        case .ephemeral: return "ephemeral"
        @unknown default: return "unknown"
        }
    }
}

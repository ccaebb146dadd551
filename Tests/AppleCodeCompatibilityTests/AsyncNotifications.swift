// The async/await forms, a @MainActor view model and an async delegate, as apps written for
// iOS 15 and later use them.
import UserNotifications

@MainActor
final class NotificationSettingsViewModel {
    private(set) var isAuthorized = false
    private(set) var pendingCount = 0
    private(set) var deliveredTitles: [String] = []

    func refresh() async {
        let center = UNUserNotificationCenter.current()
        let settings = await center.notificationSettings()
        isAuthorized = settings.authorizationStatus == .authorized || settings.authorizationStatus == .provisional
        pendingCount = await center.pendingNotificationRequests().count
        deliveredTitles = await center.deliveredNotifications().map { $0.request.content.title }
    }

    func requestProvisional() async -> Bool {
        do {
            return try await UNUserNotificationCenter.current().requestAuthorization(options: [
                .alert, .sound, .provisional,
            ])
        } catch {
            return false
        }
    }

    func sendNow(title: String, body: String) async throws {
        let content = UNMutableNotificationContent()
        content.title = title
        content.body = body
        content.sound = UNNotificationSound(named: UNNotificationSoundName("ping.aiff"))
        try await UNUserNotificationCenter.current().add(
            UNNotificationRequest(identifier: UUID().uuidString, content: content, trigger: nil))
    }

    func clearBadge() async {
        try? await UNUserNotificationCenter.current().setBadgeCount(0)
    }
}

final class AsyncDelegate: NSObject, UNUserNotificationCenterDelegate {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        notification.request.content.interruptionLevel == .passive ? [.list] : [.banner, .sound]
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        let identifier = response.notification.request.identifier
        center.removeDeliveredNotifications(withIdentifiers: [identifier])
    }
}

// Written as app code for Apple platforms is written (Swift 5 language mode, completion
// handlers, NSObject delegate, DispatchQueue): it imports only UserNotifications, which
// re-exports Foundation as Apple's module does, and compiles unchanged.
import UserNotifications

final class NotificationManager: NSObject, UNUserNotificationCenterDelegate {
    static let shared = NotificationManager()

    let center = UNUserNotificationCenter.current()
    private(set) var lastResponseAction: String?
    var onResponse: ((String, [AnyHashable: Any]) -> Void)?

    func configure() {
        center.delegate = self
        let snooze = UNNotificationAction(identifier: "SNOOZE_ACTION", title: "Snooze", options: [])
        let done = UNNotificationAction(
            identifier: "DONE_ACTION", title: "Mark as Done", options: [.destructive, .authenticationRequired])
        let reply = UNTextInputNotificationAction(
            identifier: "REPLY_ACTION", title: "Reply", options: [],
            textInputButtonTitle: "Send", textInputPlaceholder: "Message")
        let reminders = UNNotificationCategory(
            identifier: "REMINDER", actions: [snooze, done], intentIdentifiers: [],
            options: [.customDismissAction])
        let messages = UNNotificationCategory(
            identifier: "MESSAGE", actions: [reply], intentIdentifiers: [],
            hiddenPreviewsBodyPlaceholder: "%u new messages", options: [])
        center.setNotificationCategories([reminders, messages])
    }

    func requestPermission(completion: @escaping (Bool) -> Void) {
        center.requestAuthorization(options: [.alert, .badge, .sound]) { granted, error in
            if let error = error {
                print("Notification permission error: \(error.localizedDescription)")
            }
            DispatchQueue.main.async {
                completion(granted)
            }
        }
    }

    func checkStatus(completion: @escaping (Bool) -> Void) {
        center.getNotificationSettings { settings in
            switch settings.authorizationStatus {
            case .authorized, .provisional, .ephemeral:
                completion(settings.alertSetting == .enabled || settings.notificationCenterSetting == .enabled)
            case .denied, .notDetermined:
                completion(false)
            @unknown default:
                completion(false)
            }
        }
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([.banner, .list, .sound, .badge])
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        let userInfo = response.notification.request.content.userInfo
        switch response.actionIdentifier {
        case UNNotificationDefaultActionIdentifier:
            lastResponseAction = "open"
        case UNNotificationDismissActionIdentifier:
            lastResponseAction = "dismiss"
        case "REPLY_ACTION":
            if let textResponse = response as? UNTextInputNotificationResponse {
                lastResponseAction = "reply: \(textResponse.userText)"
            }
        default:
            lastResponseAction = response.actionIdentifier
        }
        onResponse?(response.actionIdentifier, userInfo)
        completionHandler()
    }
}

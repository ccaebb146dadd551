import UserNotifications

/// Handles the answers: Snooze schedules the same reminder again in ten minutes; Done and a
/// dismissal only report it. A reminder that comes while `watch` runs is shown as a banner.
final class ReminderDelegate: NSObject, UNUserNotificationCenterDelegate {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        [.banner, .sound]
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        let request = response.notification.request
        switch response.actionIdentifier {
        case ReminderCategory.snooze:
            let again = UNNotificationRequest(
                identifier: request.identifier + "-snoozed", content: request.content,
                trigger: UNTimeIntervalNotificationTrigger(timeInterval: 600, repeats: false))
            do {
                try await center.add(again)
                print("snoozed \"\(request.content.title)\" for 10 minutes")
            } catch {
                print("could not snooze: \(error.localizedDescription)")
            }
        case ReminderCategory.done:
            print("done: \(request.content.title)")
        case UNNotificationDismissActionIdentifier:
            print("dismissed: \(request.content.title)")
        default:
            print("opened: \(request.content.title)")
        }
    }
}

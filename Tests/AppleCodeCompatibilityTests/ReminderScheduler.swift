// Scheduling as reminder and habit-tracker apps do it: calendar and interval triggers built
// from Date, Calendar and DateComponents, reached through `import UserNotifications` alone.
import UserNotifications

struct Reminder {
    let id: UUID
    let title: String
    let notes: String?
    let dueDate: Date
    let repeatsDaily: Bool
}

enum ReminderScheduler {
    static func request(for reminder: Reminder) -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = reminder.title
        if let notes = reminder.notes {
            content.body = notes
        }
        content.sound = .default
        content.categoryIdentifier = "REMINDER"
        content.threadIdentifier = "reminders"
        content.userInfo = ["reminderID": reminder.id.uuidString, "due": reminder.dueDate.timeIntervalSince1970]
        content.badge = NSNumber(value: 1)
        content.interruptionLevel = .timeSensitive
        content.relevanceScore = 0.8

        let components: DateComponents
        if reminder.repeatsDaily {
            components = Calendar.current.dateComponents([.hour, .minute], from: reminder.dueDate)
        } else {
            components = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: reminder.dueDate)
        }
        let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: reminder.repeatsDaily)
        return UNNotificationRequest(identifier: reminder.id.uuidString, content: content, trigger: trigger)
    }

    static func snoozeRequest(for request: UNNotificationRequest, minutes: Int = 10) -> UNNotificationRequest {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else { return request }
        content.title = "⏰ " + content.title
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: TimeInterval(minutes * 60), repeats: false)
        return UNNotificationRequest(identifier: request.identifier + "-snooze", content: content, trigger: trigger)
    }

    static func schedule(_ reminder: Reminder, completion: ((Error?) -> Void)? = nil) {
        UNUserNotificationCenter.current().add(request(for: reminder)) { error in
            completion?(error)
        }
    }

    static func cancel(_ reminder: Reminder) {
        let center = UNUserNotificationCenter.current()
        center.removePendingNotificationRequests(withIdentifiers: [reminder.id.uuidString])
        center.removeDeliveredNotifications(withIdentifiers: [reminder.id.uuidString])
    }

    static func nextFireDates(completion: @escaping ([String: Date]) -> Void) {
        UNUserNotificationCenter.current().getPendingNotificationRequests { requests in
            var dates: [String: Date] = [:]
            for request in requests {
                if let trigger = request.trigger as? UNCalendarNotificationTrigger, let date = trigger.nextTriggerDate()
                {
                    dates[request.identifier] = date
                } else if let trigger = request.trigger as? UNTimeIntervalNotificationTrigger,
                    let date = trigger.nextTriggerDate()
                {
                    dates[request.identifier] = date
                }
            }
            completion(dates)
        }
    }
}

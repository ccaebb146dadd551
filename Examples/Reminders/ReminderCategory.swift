import UserNotifications

/// The reminders' category: Snooze and Done buttons, and a dismissal the delegate hears about.
enum ReminderCategory {
    static let identifier = "REMINDER"
    static let snooze = "SNOOZE"
    static let done = "DONE"

    static let category = UNNotificationCategory(
        identifier: identifier,
        actions: [
            UNNotificationAction(identifier: snooze, title: "Snooze"),
            UNNotificationAction(identifier: done, title: "Done", options: [.destructive]),
        ],
        intentIdentifiers: [],
        options: [.customDismissAction])
}

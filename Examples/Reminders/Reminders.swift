import UserNotifications

/// `reminders`: a small reminders app written against Apple's UserNotifications API, as it
/// would be on macOS, running on the Linux desktop through unotify.
///
///     reminders add "Tea" 08:30 [--daily]   a reminder at the next 08:30 (or every day)
///     reminders list                        the scheduled reminders
///     reminders watch                       handle Snooze and Done while it runs
///
/// The app is `local.reminders` (its executable's name; set UNOTIFY_APP_ID to choose another).
/// Watch its answers from a shell too: `unotify listen --app local.reminders`.
@main
enum Reminders {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            switch arguments.first {
            case "add":
                try await add(Array(arguments.dropFirst()))
            case "list":
                await list()
            case "watch":
                try await watch()
            default:
                print("usage: reminders add TITLE HH:MM [--daily] | reminders list | reminders watch")
            }
        } catch {
            FileHandle.standardError.write(Data("reminders: \(error.localizedDescription)\n".utf8))
            exit(1)
        }
    }

    /// Asks for permission (a popup the first time), registers the category and schedules.
    static func add(_ arguments: [String]) async throws {
        guard arguments.count >= 2, let time = ReminderTime(parsing: arguments[1]) else {
            throw ReminderError("say when as HH:MM, for example: reminders add \"Tea\" 08:30")
        }
        let center = UNUserNotificationCenter.current()
        guard try await center.requestAuthorization(options: [.alert, .sound]) else {
            throw ReminderError("notifications are off for this app: unotify settings local.reminders allow")
        }
        center.setNotificationCategories([ReminderCategory.category])
        let content = UNMutableNotificationContent()
        content.title = arguments[0]
        content.body = "Snooze for 10 minutes, or mark it done."
        content.sound = .default
        content.categoryIdentifier = ReminderCategory.identifier
        let trigger = UNCalendarNotificationTrigger(
            dateMatching: time.components, repeats: arguments.contains("--daily"))
        let request = UNNotificationRequest(identifier: UUID().uuidString, content: content, trigger: trigger)
        try await center.add(request)
        print("scheduled \(request.identifier) for \(time.text)\(trigger.repeats ? " every day" : "")")
    }

    /// Prints each scheduled reminder with its next date.
    static func list() async {
        for request in await UNUserNotificationCenter.current().pendingNotificationRequests() {
            let next =
                (request.trigger as? UNCalendarNotificationTrigger)?.nextTriggerDate()
                ?? (request.trigger as? UNTimeIntervalNotificationTrigger)?.nextTriggerDate()
            print("\(request.identifier)  \(next.map { "\($0)" } ?? "-")  \(request.content.title)")
        }
    }

    /// Sets the delegate and runs until interrupted: answers arrive while it runs (and the
    /// agent keeps those given meanwhile until the next `watch`).
    static func watch() async throws {
        let delegate = ReminderDelegate()
        UNUserNotificationCenter.current().delegate = delegate
        print("watching; press Ctrl-C to stop")
        while true {
            try await Task.sleep(for: .seconds(3600))
        }
    }
}

// A command-line tool written the way Apple's documentation shows the completion-handler forms:
// top-level code that calls them and then simply ends, without waiting for their handlers.
// CompletionHandlerExitTests runs it and checks that what it sent reached the agent.
//
//     completion-handlers-at-exit            two requests (one now, one in an hour) and categories
//     completion-handlers-at-exit register   a registration for remote notifications, alone
import UserNotifications

let center = UNUserNotificationCenter.current()

if CommandLine.arguments.dropFirst().first == "register" {
    // The device token, or why there is none (the tests' bus has no UnifiedPush distributor).
    center.registerForRemoteNotifications { token, error in
        print(token != nil ? "registered" : "not registered: \(error.map { "\($0)" } ?? "no error")")
    }
} else {
    let now = UNMutableNotificationContent()
    now.title = "Tea"
    now.body = "is ready"
    center.add(UNNotificationRequest(identifier: "tea", content: now, trigger: nil)) { error in
        if let error { print("add tea: \(error)") }
    }

    let later = UNMutableNotificationContent()
    later.title = "Second cup"
    let inAnHour = UNTimeIntervalNotificationTrigger(timeInterval: 3600, repeats: false)
    center.add(UNNotificationRequest(identifier: "second-cup", content: later, trigger: inAnHour)) { error in
        if let error { print("add second-cup: \(error)") }
    }

    // Fire and forget: Apple's signature has no handler at all.
    let drink = UNNotificationAction(identifier: "drink", title: "Drink", options: [])
    center.setNotificationCategories([
        UNNotificationCategory(identifier: "tea", actions: [drink], intentIdentifiers: [])
    ])
}

import Foundation
import UserNotifications

// Every Swift listing of the seed documents (the product's source documents), copied unchanged as the bodies
// of functions, so this file compiles only if Apple-platform code does. None of them is called:
// they use `UNUserNotificationCenter.current()`, whose backend is the agent. SeedListingsTests
// runs the same statements against a fake backend.
//
// Changes from the pages, each marked where it is made:
// - today's spelling: `UNNotificationSound.default()` became `UNNotificationSound.default`;
// - typos in the Markdown copy (003) fixed: `.a;ert` is `.alert`, an unbalanced `)` removed;
// - the Chinese page's (004) line numbers removed;
// - listing 1 of the UNUserNotificationCenter page (001) ends mid-closure: the `}` is added;
// - `// Handle the error here.` placeholders that bind `error` and never use it got `_ = error`,
//   because the compiler warns on an unused binding and the build allows no warning.

/// 000: "Asking Permission to Use Notifications" (English, developer.apple.com).
enum AskingPermissionListings {
    /// "Explicitly Request Authorization in Context".
    static func explicitlyRequestAuthorization() {
        let center = UNUserNotificationCenter.current()
        center.requestAuthorization(options: [.alert, .sound, .badge]) { granted, error in

            if let error = error {
                // Handle the error here.
                _ = error  // added: see the header
            }

            // Enable or disable features based on the authorization.
        }
    }

    /// "Use Provisional Authorization to Send Trial Notifications".
    static func requestProvisionalAuthorization() {
        let center = UNUserNotificationCenter.current()
        center.requestAuthorization(options: [.alert, .sound, .badge, .provisional]) { granted, error in

            if let error = error {
                // Handle the error here.
                _ = error  // added: see the header
            }

            // Provisional authorization granted.
        }
    }

    /// "Customize Notifications Based on the Current Authorizations".
    static func customizeBasedOnSettings() {
        let center = UNUserNotificationCenter.current()
        center.getNotificationSettings { settings in
            guard (settings.authorizationStatus == .authorized) || (settings.authorizationStatus == .provisional) else {
                return
            }

            if settings.alertSetting == .enabled {
                // Schedule an alert-only notification.
            } else {
                // Schedule a notification with a badge and sound.
            }
        }
    }
}

/// 001: the UNUserNotificationCenter reference page.
enum NotificationCenterPageListings {
    /// Listing 1: "Requesting authorization for user interactions".
    static func listing1RequestingAuthorization() {
        let center = UNUserNotificationCenter.current()
        center.requestAuthorization(options: [.alert, .sound]) { (granted, error) in
            // Enable or disable features based on authorization
        }  // added: the page's listing ends before this brace
    }

    /// Listing 2: "Scheduling a local notification".
    static func listing2SchedulingALocalNotification() {
        let content = UNMutableNotificationContent()
        content.title = NSString.localizedUserNotificationString(
            forKey:
                "Hello!", arguments: nil)
        content.body = NSString.localizedUserNotificationString(
            forKey:
                "Hello_message_body", arguments: nil)

        // Deliver the notification in five seconds.
        content.sound = UNNotificationSound.default  // today's spelling of `.default()`
        let trigger = UNTimeIntervalNotificationTrigger(
            timeInterval: 5,
            repeats: false)

        // Schedule the notification.
        let request = UNNotificationRequest(identifier: "FiveSecond", content: content, trigger: trigger)
        let center = UNUserNotificationCenter.current()
        center.add(request, withCompletionHandler: nil)
    }
}

/// 003: "User Notifications" (Markdown notes in English).
enum MarkdownNotesListings {
    /// "Explicitly Request Authorization in Context".
    static func explicitlyRequestAuthorization() {
        let center = UNUserNotificationCenter.current()
        center.requestAuthorization(options: [.alert, .sound, .badge]) { granted, error in
            if let error = error {
                //Handle the error here
                _ = error  // added: see the header
            }

            //Enable or disable feature based on the authorization.
        }
    }

    /// "Use Provisional Authorization to Send trial Notifications".
    static func requestProvisionalAuthorization() {
        let center = UNUserNotificationCenter.current()
        // `.a;ert` fixed
        center.requestAuthorization(options: [.alert, .sound, .badge, .provisional]) { granted, error in
            if let error = error {
                //Handle the error here.
                _ = error  // added: see the header
            }

            //Provisional authorization granted.
        }
    }

    /// "Customize Notifications Based on the current Authorizations".
    static func customizeBasedOnSettings() {
        let center = UNUserNotificationCenter.current()
        center.getNotificationSettings { settings in
            guard (settings.authorizationStatus == .authorized) || (settings.authorizationStatus == .provisional) else {
                return
            }  // unbalanced `)` fixed

            if settings.alertSetting == .enabled {
                //Schedule an alert-only notification
            } else {
                //Schedule a notification with a badge and sound
            }

        }
    }
}

/// 004: "请求使用通知的权限" (the Chinese translation of 000).
enum ChinesePageListings {
    /// "在上下文中明确请求授权".
    static func explicitlyRequestAuthorization() {
        let center = UNUserNotificationCenter.current()
        center.requestAuthorization(options: [.alert, .sound, .badge]) { granted, error in
            if let error = error {
                // 在这里处理错误
                _ = error  // added: see the header
            }
            // 根据授权启用或禁用功能。
        }
    }

    /// "使用临时授权发送测试通知".
    static func requestProvisionalAuthorization() {
        let center = UNUserNotificationCenter.current()
        center.requestAuthorization(options: [.alert, .sound, .badge, .provisional]) { granted, error in
            if let error = error {
                // Handle the error here.
                _ = error  // added: see the header
            }
            // Provisional authorization granted.
        }
    }

    /// "根据当前授权自定义通知".
    static func customizeBasedOnSettings() {
        let center = UNUserNotificationCenter.current()
        center.getNotificationSettings { settings in
            guard (settings.authorizationStatus == .authorized) || (settings.authorizationStatus == .provisional) else {
                return
            }
            if settings.alertSetting == .enabled {
                // 仅支持alert通知。
            } else {
                // 带有标记和声音的通知。
            }
        }
    }
}

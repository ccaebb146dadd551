/// The object that decides how notifications are presented while the app runs, and handles the
/// user's responses.
///
/// Every method is optional, as on Apple platforms: implement either the completion-handler
/// form or the `async` form of each. The center calls the `async` form; its default
/// implementation calls the completion-handler form, whose default answers "present nothing"
/// (`[]`) or simply completes.
///
/// The center calls the delegate from a background task, not the main thread, as Apple's does
/// (from its own queue). A `@MainActor` delegate marks its methods `nonisolated` and hops to
/// the main actor itself, as with Apple's SDK under Swift 6.
///
/// On Linux `willPresent` is asked when a notification fires while the app has a center with a
/// delegate; responses reach `didReceive` while the app runs, or when it next sets a delegate.
public protocol UNUserNotificationCenterDelegate: AnyObject {
    /// Asks how to present a notification that arrives while the app is running.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)

    /// Asks how to present a notification that arrives while the app is running.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions

    /// Tells the delegate the user responded to a notification.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void)

    /// Tells the delegate the user responded to a notification.
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async

    /// Tells the delegate a silent remote notification arrived (`content-available: 1` with
    /// nothing to show), with the payload's custom keys.
    ///
    /// On Linux: Apple calls the app delegate's
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`; this module has no
    /// application object, so the center's delegate gets it, while the app runs with a delegate
    /// (a silent push for an app that is not running is dropped and logged by the agent).
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) async

    /// Asks the delegate to show the app's own notification settings.
    ///
    /// On Linux there is no system settings screen linking to the app: it is called only if the
    /// agent forwards a request to open the app's settings (for apps that requested
    /// `.providesAppNotificationSettings`).
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}

extension UNUserNotificationCenterDelegate {
    /// By default, does nothing.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) async {}

    /// By default, presents nothing while the app runs (`[]`), as on Apple platforms.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([])
    }

    /// By default, asks the completion-handler form.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        await withCheckedContinuation { continuation in
            userNotificationCenter(center, willPresent: notification) { continuation.resume(returning: $0) }
        }
    }

    /// By default, completes at once.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        completionHandler()
    }

    /// By default, calls the completion-handler form and waits for it to complete.
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse)
        async
    {
        await withCheckedContinuation { continuation in
            userNotificationCenter(center, didReceive: response) { continuation.resume() }
        }
    }

    /// By default, does nothing.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
    ) {}
}

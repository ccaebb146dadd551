import Foundation

extension UNUserNotificationCenter {
    /// Hands a response to the delegate's `didReceive`, and waits until it completes; does
    /// nothing without a delegate.
    package func deliver(_ response: UNNotificationResponse) async {
        guard let delegate else { return }
        await delegate.userNotificationCenter(self, didReceive: response)
    }

    /// Asks the delegate's `willPresent` how to present a notification; `nil` when there is no
    /// delegate (the app presents nothing itself, and the agent applies the settings alone).
    package func presentationOptions(for notification: UNNotification) async -> UNNotificationPresentationOptions? {
        guard let delegate else { return nil }
        let content = notification.request.content
        if notification.request.trigger is UNPushNotificationTrigger, content.title.isEmpty, content.subtitle.isEmpty,
            content.body.isEmpty, content.sound == nil, content.badge == nil
        {
            // A silent push: nothing to present, the payload's keys for the delegate.
            await delegate.userNotificationCenter(self, didReceiveRemoteNotification: content.userInfo)
            return []
        }
        return await delegate.userNotificationCenter(self, willPresent: notification)
    }

    /// Asks the delegate to show the app's own notification settings.
    package func openSettings(for notification: UNNotification?) {
        delegate?.userNotificationCenter(self, openSettingsFor: notification)
    }
}

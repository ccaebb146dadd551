// Communication notifications, ringtones and a notification service extension, as messaging
// and calling apps write them for iOS 15 and later.
import UserNotifications

enum CallNotifications {
    static func incomingCall(from caller: String) -> UNMutableNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = caller
        content.body = "Incoming call"
        content.sound = .defaultRingtone
        content.interruptionLevel = .timeSensitive
        return content
    }

    static func customRingtone() -> UNNotificationSound {
        UNNotificationSound.ringtoneSoundNamed(UNNotificationSoundName("marimba.caf"))
    }

    /// Apple apps pass an `INSendMessageIntent` here; the parameter is the protocol it conforms to.
    static func messageContent(_ content: UNNotificationContent, from provider: any UNNotificationContentProviding)
        -> UNNotificationContent
    {
        do {
            return try content.updating(from: provider)
        } catch {
            return content
        }
    }
}

final class NotificationService: UNNotificationServiceExtension {
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttempt: UNMutableNotificationContent?

    override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        self.contentHandler = contentHandler
        bestAttempt = request.content.mutableCopy() as? UNMutableNotificationContent
        if let bestAttempt = bestAttempt {
            bestAttempt.title = "\(bestAttempt.title) [decrypted]"
            contentHandler(bestAttempt)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttempt = bestAttempt {
            contentHandler(bestAttempt)
        }
    }
}

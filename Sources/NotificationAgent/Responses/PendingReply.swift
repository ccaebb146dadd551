import FreedesktopNotifications

/// A text-input action waiting for its text (`unotify reply NUMBER TEXT`): everything the
/// response needs, kept apart from what the server shows. The server may close the clicked
/// popup (notification-daemon and xfce4-notifyd do, with `NotificationClosed(2)`), or go away
/// and another start, before the user types the reply; the reply still answers.
struct PendingReply: Sendable {
    /// The ``ReplyNumber`` the "Reply to …" notification shows.
    let number: String
    /// The notification whose action was clicked, as it was delivered.
    let notification: DeliveredNotification
    /// Where it was shown (the server may have closed it since).
    let shownAt: OwnedNotificationID
    /// The text-input action's identifier.
    let action: String
    /// The activation token the server sent with the click, if any.
    let activationToken: String?
    /// The "Reply to …" notification, for taking it down once the reply came.
    let prompt: NotifyRequest
    /// Where "Reply to …" is shown, while it is: nil before the server answered its `Notify`,
    /// and after the user closed it or its server went away.
    var promptShownAt: OwnedNotificationID?
}

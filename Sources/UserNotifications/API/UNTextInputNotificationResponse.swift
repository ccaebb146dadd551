import Foundation

/// The user's response to a ``UNTextInputNotificationAction``: the action and the typed text.
///
/// On Linux the text comes from the server's `NotificationReplied` signal; on servers without
/// inline replies it is empty.
open class UNTextInputNotificationResponse: UNNotificationResponse, @unchecked Sendable {
    /// The text the user typed.
    public let userText: String

    /// Creates a text response (the engine does).
    package init(notification: UNNotification, actionIdentifier: String, userText: String) {
        self.userText = userText
        super.init(notification: notification, actionIdentifier: actionIdentifier)
    }

    /// Reads a text response archived by `encode(with:)`.
    public required init?(coder: NSCoder) {
        userText = coder.decodeString(forKey: "userText") ?? ""
        super.init(coder: coder)
    }

    /// Archives the response and the typed text.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(userText, forKey: "userText")
    }

    /// Text responses are equal when notification, action and text are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNTextInputNotificationResponse else { return false }
        return super.isEqual(other) && userText == other.userText
    }
}

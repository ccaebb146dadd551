/// One action of a notification: the key reported back in `ActionInvoked`, and the label shown.
public struct NotificationAction: Hashable, Sendable {
    /// The key; `default` is the action invoked by clicking the notification itself.
    public var key: String
    /// The text on the button.
    public var label: String
    /// What the button is for, as the notification portal's version 2 names it (a button
    /// ``NotificationPortal/replyPurpose`` asks for a typed reply); nil: an ordinary button.
    /// `org.freedesktop.Notifications` has no such thing: servers never see it.
    public var purpose: String?

    /// An action reported back as `key`, shown as `label`, for `purpose` (nil: an ordinary button).
    public init(key: String, label: String, purpose: String? = nil) {
        self.key = key
        self.label = label
        self.purpose = purpose
    }

    /// The key of the default action: clicking the notification's body.
    public static let defaultKey = "default"
}

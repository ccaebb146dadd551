/// One action of a notification: the key reported back in `ActionInvoked`, and the label shown.
public struct NotificationAction: Hashable, Sendable {
    /// The key; `default` is the action invoked by clicking the notification itself.
    public var key: String
    /// The text on the button.
    public var label: String

    /// An action reported back as `key`, shown as `label`.
    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }

    /// The key of the default action: clicking the notification's body.
    public static let defaultKey = "default"
}

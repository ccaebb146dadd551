import Foundation

/// An action that lets the user type a reply.
///
/// The text comes back as a ``UNTextInputNotificationResponse``. On Linux the reply field is
/// the server's inline reply (the `inline-reply` capability, KDE Plasma and others); elsewhere
/// the action is shown as an ordinary button and its response carries empty text.
open class UNTextInputNotificationAction: UNNotificationAction, @unchecked Sendable {
    /// The label of the send button.
    public let textInputButtonTitle: String
    /// The placeholder text of the reply field.
    public let textInputPlaceholder: String

    /// Creates a text-input action with an icon.
    public init(
        identifier: String, title: String, options: UNNotificationActionOptions = [],
        icon: UNNotificationActionIcon?, textInputButtonTitle: String, textInputPlaceholder: String
    ) {
        self.textInputButtonTitle = textInputButtonTitle
        self.textInputPlaceholder = textInputPlaceholder
        super.init(identifier: identifier, title: title, options: options, icon: icon)
    }

    /// Creates a text-input action.
    public convenience init(
        identifier: String, title: String, options: UNNotificationActionOptions = [],
        textInputButtonTitle: String, textInputPlaceholder: String
    ) {
        self.init(
            identifier: identifier, title: title, options: options, icon: nil,
            textInputButtonTitle: textInputButtonTitle, textInputPlaceholder: textInputPlaceholder)
    }

    /// Reads a text-input action archived by `encode(with:)`.
    public required init?(coder: NSCoder) {
        textInputButtonTitle = coder.decodeString(forKey: "textInputButtonTitle") ?? ""
        textInputPlaceholder = coder.decodeString(forKey: "textInputPlaceholder") ?? ""
        super.init(coder: coder)
    }

    /// Archives the action and its button title and placeholder.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(textInputButtonTitle, forKey: "textInputButtonTitle")
        coder.encode(textInputPlaceholder, forKey: "textInputPlaceholder")
    }

    /// Text-input actions are equal when every property is.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNTextInputNotificationAction else { return false }
        return super.isEqual(other) && textInputButtonTitle == other.textInputButtonTitle
            && textInputPlaceholder == other.textInputPlaceholder
    }
}

import UserNotificationsCore
import NotificationAgentClient

/// One text of an APNs alert (title, subtitle or body): given literally, or as a key of the
/// app's localized strings with arguments (`loc-key`/`loc-args` and their title and subtitle forms).
package enum APNsAlertText: Hashable, Sendable {
    /// The text as given (`title`, `subtitle`, `body`, or `alert` as a string).
    case literal(String)
    /// A key of the app's `Localizable.strings` and the arguments for its `%@`/`%1$@` placeholders.
    case localized(key: String, arguments: [String])

    /// The text shown: a localized key looked up in `strings` (the key itself when missing, as
    /// Apple does) with its arguments substituted.
    package func resolved(in strings: AppStringsTable) -> String {
        switch self {
        case .literal(let text):
            text
        case .localized(let key, let arguments):
            UserNotificationStringFormatter.format(strings.value(forKey: key) ?? key, arguments: arguments)
        }
    }
}

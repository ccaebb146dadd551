import Foundation

/// Localized notification text, as Apple's framework adds it to `NSString`.
extension NSString {
    /// A localized string for a notification, with its arguments substituted.
    ///
    /// On Apple platforms the lookup is deferred until the notification is delivered, in the
    /// user's language then. On Linux it happens at once: the key is looked up in
    /// `Bundle.main`'s `Localizable.strings` (the key itself when there is no such entry or no
    /// such file), and the arguments are substituted for `%@`, `%d`, `%f` and the other
    /// `String(format:)` specifiers, positional ones (`%1$@`) included. Each argument is
    /// converted to what its specifier expects (a `%@` takes any value's description, `%d` an
    /// integer, `%f` a floating-point number), so a mismatch prints a wrong value instead of
    /// crashing; a specifier without an argument prints nothing.
    ///
    /// - Parameters:
    ///   - key: The key in `Localizable.strings`, or the text itself.
    ///   - arguments: The values for the format's specifiers, or `nil`.
    public class func localizedUserNotificationString(forKey key: String, arguments: [Any]?) -> String {
        let format = Bundle.main.localizedString(forKey: key, value: key, table: nil)
        guard let arguments, !arguments.isEmpty else { return format }
        return UserNotificationStringFormatter.format(format, arguments: arguments)
    }
}

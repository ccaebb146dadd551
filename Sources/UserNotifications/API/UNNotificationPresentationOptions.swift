/// How to present a notification that arrives while the app is running, as the delegate's
/// `userNotificationCenter(_:willPresent:withCompletionHandler:)` answers.
///
/// The raw values are Apple's.
public struct UNNotificationPresentationOptions: OptionSet, Hashable, Sendable {
    /// Apple's bit mask.
    public let rawValue: UInt

    /// Creates a set of options from Apple's bit mask.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Apply the notification's badge value.
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)

    /// Play the notification's sound.
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)

    /// Show the alert.
    ///
    /// Deprecated by Apple in iOS 14 for `.list` and `.banner`; on Linux it means both.
    @available(
        iOS, introduced: 10.0, deprecated: 14.0,
        message:
            "Use -[UNNotificationPresentationOptions list] and/or -[UNNotificationPresentationOptions banner] instead"
    )
    @available(
        macOS, introduced: 10.14, deprecated: 11.0,
        message:
            "Use -[UNNotificationPresentationOptions list] and/or -[UNNotificationPresentationOptions banner] instead"
    )
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)

    /// Keep the notification in the notification list (the server's history on Linux).
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)

    /// Show the notification as a banner (a popup on Linux).
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

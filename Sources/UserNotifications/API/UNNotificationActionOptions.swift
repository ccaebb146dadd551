/// Behaviours of a notification action.
///
/// The raw values are Apple's. On Linux the desktop has no lock state visible to the agent,
/// so `.authenticationRequired` is recorded only; `.destructive` and `.foreground` are passed
/// to the app with the response.
public struct UNNotificationActionOptions: OptionSet, Hashable, Sendable {
    /// Apple's bit mask.
    public let rawValue: UInt

    /// Creates a set of options from Apple's bit mask.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The action runs only on an unlocked device.
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)

    /// The action deletes data or is otherwise destructive.
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)

    /// The action brings the app to the foreground.
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}

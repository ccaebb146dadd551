/// Behaviours of the notifications of one category.
///
/// The raw values are Apple's. On Linux `.customDismissAction` is the one that changes
/// behaviour: closing the popup (`NotificationClosed` reason 2) is then reported to the
/// delegate with `UNNotificationDismissActionIdentifier`.
public struct UNNotificationCategoryOptions: OptionSet, Hashable, Sendable {
    /// Apple's bit mask.
    public let rawValue: UInt

    /// Creates a set of options from Apple's bit mask.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Report the user's dismissal to the delegate.
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)

    /// Allow the notifications in CarPlay (no effect on Linux).
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)

    /// Show the title when previews are hidden.
    public static let hiddenPreviewsShowTitle = UNNotificationCategoryOptions(rawValue: 1 << 2)

    /// Show the subtitle when previews are hidden.
    public static let hiddenPreviewsShowSubtitle = UNNotificationCategoryOptions(rawValue: 1 << 3)

    /// Allow Siri to read out the notifications (no effect on Linux).
    ///
    /// Deprecated by Apple in iOS 15 (announcement is always allowed).
    @available(iOS, introduced: 13.0, deprecated: 15.0, message: "Announcement option is ignored")
    public static let allowAnnouncement = UNNotificationCategoryOptions(rawValue: 1 << 4)
}

/// Options that say which interactions an app asks the user to allow.
///
/// The raw values are Apple's (`UNAuthorizationOptionBadge` = 1 … `…TimeSensitive` = 256), so a
/// stored or transmitted mask means the same on both platforms.
///
/// On Linux the options are recorded per app by `unotifyd`. `.carPlay` and `.announcement`
/// have no Linux counterpart and are stored but change nothing; `.criticalAlert` lets a
/// `.critical` notification use the critical urgency.
public struct UNAuthorizationOptions: OptionSet, Hashable, Sendable {
    /// Apple's bit mask.
    public let rawValue: UInt

    /// Creates a set of options from Apple's bit mask.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The ability to update the app's badge.
    ///
    /// On Linux the badge is sent as a `com.canonical.Unity.LauncherEntry` count, shown by
    /// docks and launchers that read it.
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)

    /// The ability to play sounds.
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)

    /// The ability to display alerts (popups from the desktop's notification server on Linux).
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)

    /// The ability to display notifications in a CarPlay environment.
    ///
    /// On Linux there is no CarPlay: the option is accepted and recorded, and changes nothing.
    public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)

    /// The ability to play sounds for critical alerts.
    ///
    /// On Linux a granted critical-alert option lets `.critical` notifications use the
    /// notification server's critical urgency; no entitlement is involved.
    public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)

    /// An option that tells the system the app shows its own notification settings.
    ///
    /// On Linux it is recorded and reported back as `providesAppNotificationSettings`. There is
    /// no system settings screen linking to the app, so the delegate's
    /// `userNotificationCenter(_:openSettingsFor:)` is called only if the agent forwards such a
    /// request.
    public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 1 << 5)

    /// Provisional authorization: notifications are delivered quietly without a prompt, with
    /// *Keep* and *Turn Off* choices.
    public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)

    /// The ability for Siri to read out notifications.
    ///
    /// Deprecated by Apple in iOS 15 (announcement authorization is always included). On Linux
    /// it is recorded and changes nothing.
    @available(iOS, introduced: 13.0, deprecated: 15.0, message: "Announcement authorization is always included")
    public static let announcement = UNAuthorizationOptions(rawValue: 1 << 7)

    /// Time-sensitive notifications.
    ///
    /// Deprecated by Apple in iOS 15 (use the time-sensitive entitlement). On Linux it is
    /// recorded and changes nothing: `.timeSensitive` interruption levels always get the
    /// normal urgency.
    @available(iOS, introduced: 15.0, deprecated: 15.0, message: "Use time-sensitive entitlement")
    @available(macOS, introduced: 12.0, deprecated: 12.0, message: "Use time-sensitive entitlement")
    public static let timeSensitive = UNAuthorizationOptions(rawValue: 1 << 8)
}

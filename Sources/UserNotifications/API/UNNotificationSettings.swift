import Foundation

/// The app's notification settings and authorization status.
///
/// Get one from `UNUserNotificationCenter.getNotificationSettings(completionHandler:)` or
/// `notificationSettings()`. There is no public initializer, as on Apple platforms.
///
/// On Linux the settings come from `unotifyd`, which stores them per app identifier; the user
/// changes them with `unotify settings` (the Settings app's role). Settings with no Linux
/// counterpart (CarPlay, announcements, scheduled delivery, direct messages) are
/// `.notSupported`. When the agent cannot be reached, the center reports
/// `.notDetermined` with every setting `.notSupported`.
open class UNNotificationSettings: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// It is immutable, so a copy is the same object (`NSCopying`, as on Apple platforms).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether the app may schedule or receive notifications.
    public let authorizationStatus: UNAuthorizationStatus
    /// Whether the app may play sounds.
    public let soundSetting: UNNotificationSetting
    /// Whether the app may badge its icon.
    public let badgeSetting: UNNotificationSetting
    /// Whether the app may show alerts (popups).
    public let alertSetting: UNNotificationSetting
    /// Whether notifications appear in the notification history.
    public let notificationCenterSetting: UNNotificationSetting
    /// Whether notifications appear on the lock screen.
    public let lockScreenSetting: UNNotificationSetting
    /// Whether notifications appear in CarPlay (always `.notSupported` on Linux).
    public let carPlaySetting: UNNotificationSetting
    /// How alerts are shown.
    public let alertStyle: UNAlertStyle
    /// When previews of the content are shown.
    public let showPreviewsSetting: UNShowPreviewsSetting
    /// Whether critical alerts may play sounds and use the critical urgency.
    public let criticalAlertSetting: UNNotificationSetting
    /// Whether the app asked for `.providesAppNotificationSettings`.
    public let providesAppNotificationSettings: Bool
    /// Whether Siri may read out notifications (always `.notSupported` on Linux).
    public let announcementSetting: UNNotificationSetting
    /// Whether time-sensitive notifications are allowed.
    public let timeSensitiveSetting: UNNotificationSetting
    /// Whether notifications are delivered in a scheduled summary (always `.notSupported` on Linux).
    public let scheduledDeliverySetting: UNNotificationSetting
    /// Whether direct-message notifications are allowed (always `.notSupported` on Linux).
    public let directMessagesSetting: UNNotificationSetting

    /// Creates settings from every value; the engine builds them from its stored record.
    package init(
        authorizationStatus: UNAuthorizationStatus,
        soundSetting: UNNotificationSetting = .notSupported,
        badgeSetting: UNNotificationSetting = .notSupported,
        alertSetting: UNNotificationSetting = .notSupported,
        notificationCenterSetting: UNNotificationSetting = .notSupported,
        lockScreenSetting: UNNotificationSetting = .notSupported,
        carPlaySetting: UNNotificationSetting = .notSupported,
        alertStyle: UNAlertStyle = .none,
        showPreviewsSetting: UNShowPreviewsSetting = .always,
        criticalAlertSetting: UNNotificationSetting = .notSupported,
        providesAppNotificationSettings: Bool = false,
        announcementSetting: UNNotificationSetting = .notSupported,
        timeSensitiveSetting: UNNotificationSetting = .notSupported,
        scheduledDeliverySetting: UNNotificationSetting = .notSupported,
        directMessagesSetting: UNNotificationSetting = .notSupported
    ) {
        self.authorizationStatus = authorizationStatus
        self.soundSetting = soundSetting
        self.badgeSetting = badgeSetting
        self.alertSetting = alertSetting
        self.notificationCenterSetting = notificationCenterSetting
        self.lockScreenSetting = lockScreenSetting
        self.carPlaySetting = carPlaySetting
        self.alertStyle = alertStyle
        self.showPreviewsSetting = showPreviewsSetting
        self.criticalAlertSetting = criticalAlertSetting
        self.providesAppNotificationSettings = providesAppNotificationSettings
        self.announcementSetting = announcementSetting
        self.timeSensitiveSetting = timeSensitiveSetting
        self.scheduledDeliverySetting = scheduledDeliverySetting
        self.directMessagesSetting = directMessagesSetting
        super.init()
    }

    /// Settings are archived securely: `NSKeyedUnarchiver` may require secure coding.
    open class var supportsSecureCoding: Bool { true }

    /// Reads settings archived by `encode(with:)`; `nil` when a value is not one of its type's.
    public required convenience init?(coder: NSCoder) {
        func setting(_ key: String) -> UNNotificationSetting? {
            UNNotificationSetting(rawValue: coder.decodeInteger(forKey: key))
        }
        guard
            let authorizationStatus = UNAuthorizationStatus(
                rawValue: coder.decodeInteger(forKey: "authorizationStatus")),
            let soundSetting = setting("soundSetting"), let badgeSetting = setting("badgeSetting"),
            let alertSetting = setting("alertSetting"),
            let notificationCenterSetting = setting("notificationCenterSetting"),
            let lockScreenSetting = setting("lockScreenSetting"), let carPlaySetting = setting("carPlaySetting"),
            let alertStyle = UNAlertStyle(rawValue: coder.decodeInteger(forKey: "alertStyle")),
            let showPreviewsSetting = UNShowPreviewsSetting(
                rawValue: coder.decodeInteger(forKey: "showPreviewsSetting")),
            let criticalAlertSetting = setting("criticalAlertSetting"),
            let announcementSetting = setting("announcementSetting"),
            let timeSensitiveSetting = setting("timeSensitiveSetting"),
            let scheduledDeliverySetting = setting("scheduledDeliverySetting"),
            let directMessagesSetting = setting("directMessagesSetting")
        else { return nil }
        self.init(
            authorizationStatus: authorizationStatus, soundSetting: soundSetting, badgeSetting: badgeSetting,
            alertSetting: alertSetting, notificationCenterSetting: notificationCenterSetting,
            lockScreenSetting: lockScreenSetting, carPlaySetting: carPlaySetting, alertStyle: alertStyle,
            showPreviewsSetting: showPreviewsSetting, criticalAlertSetting: criticalAlertSetting,
            providesAppNotificationSettings: coder.decodeBool(forKey: "providesAppNotificationSettings"),
            announcementSetting: announcementSetting, timeSensitiveSetting: timeSensitiveSetting,
            scheduledDeliverySetting: scheduledDeliverySetting, directMessagesSetting: directMessagesSetting)
    }

    /// Archives every value.
    open func encode(with coder: NSCoder) {
        for (key, value) in codedValues { coder.encode(value, forKey: key) }
        coder.encode(providesAppNotificationSettings, forKey: "providesAppNotificationSettings")
    }

    /// The archive key and raw value of each enumerated setting.
    private var codedValues: KeyValuePairs<String, Int> {
        [
            "authorizationStatus": authorizationStatus.rawValue, "soundSetting": soundSetting.rawValue,
            "badgeSetting": badgeSetting.rawValue, "alertSetting": alertSetting.rawValue,
            "notificationCenterSetting": notificationCenterSetting.rawValue,
            "lockScreenSetting": lockScreenSetting.rawValue, "carPlaySetting": carPlaySetting.rawValue,
            "alertStyle": alertStyle.rawValue, "showPreviewsSetting": showPreviewsSetting.rawValue,
            "criticalAlertSetting": criticalAlertSetting.rawValue,
            "announcementSetting": announcementSetting.rawValue,
            "timeSensitiveSetting": timeSensitiveSetting.rawValue,
            "scheduledDeliverySetting": scheduledDeliverySetting.rawValue,
            "directMessagesSetting": directMessagesSetting.rawValue,
        ]
    }

    /// What the center reports when the backend cannot answer: nothing determined, nothing
    /// supported.
    package static func unavailable() -> UNNotificationSettings {
        UNNotificationSettings(authorizationStatus: .notDetermined)
    }

    /// The values in declaration order, for equality and hashing.
    private var values: [Int] {
        [
            authorizationStatus.rawValue, soundSetting.rawValue, badgeSetting.rawValue,
            alertSetting.rawValue, notificationCenterSetting.rawValue, lockScreenSetting.rawValue,
            carPlaySetting.rawValue, alertStyle.rawValue, showPreviewsSetting.rawValue,
            criticalAlertSetting.rawValue, providesAppNotificationSettings ? 1 : 0,
            announcementSetting.rawValue, timeSensitiveSetting.rawValue,
            scheduledDeliverySetting.rawValue, directMessagesSetting.rawValue,
        ]
    }

    /// Settings are equal when every value is.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationSettings else { return false }
        return values == other.values
    }

    /// A hash of every value.
    open override var hash: Int { values.hashValue }
}

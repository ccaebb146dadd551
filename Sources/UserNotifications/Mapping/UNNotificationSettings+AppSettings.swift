/// The agent's stored `AppSettings` → Apple's `UNNotificationSettings` (the raw values are Apple's).
extension UNNotificationSettings {
    package convenience init(_ settings: AppSettings) {
        func setting(_ value: AppSettings.Switch) -> UNNotificationSetting {
            UNNotificationSetting(rawValue: value.rawValue) ?? .notSupported
        }
        self.init(
            authorizationStatus: UNAuthorizationStatus(rawValue: settings.authorization.rawValue) ?? .notDetermined,
            soundSetting: setting(settings.sound), badgeSetting: setting(settings.badge),
            alertSetting: setting(settings.alert), notificationCenterSetting: setting(settings.notificationCenter),
            lockScreenSetting: setting(settings.lockScreen), carPlaySetting: .notSupported,
            alertStyle: UNAlertStyle(rawValue: settings.alertStyle.rawValue) ?? .none,
            showPreviewsSetting: UNShowPreviewsSetting(rawValue: settings.showPreviews.rawValue) ?? .always,
            criticalAlertSetting: setting(settings.criticalAlert),
            providesAppNotificationSettings: settings.requestedOptions.contains(.providesAppNotificationSettings),
            timeSensitiveSetting: setting(settings.timeSensitive))
    }
}

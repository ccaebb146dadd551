/// What the user allowed one app, as the agent stores it: the engine's vocabulary, with Apple's
/// raw values so the mapping to `UNNotificationSettings` is a lookup.
package struct AppSettings: Codable, Hashable, Sendable {
    /// `UNAuthorizationStatus` raw values.
    package enum Authorization: Int, Codable, Hashable, Sendable, CaseIterable {
        case notDetermined = 0, denied = 1, authorized = 2, provisional = 3
    }

    /// `UNNotificationSetting` raw values.
    package enum Switch: Int, Codable, Hashable, Sendable, CaseIterable {
        case notSupported = 0, disabled = 1, enabled = 2
    }

    /// `UNAlertStyle` raw values.
    package enum AlertStyle: Int, Codable, Hashable, Sendable, CaseIterable {
        case none = 0, banner = 1, alert = 2
    }

    /// `UNShowPreviewsSetting` raw values.
    package enum Previews: Int, Codable, Hashable, Sendable, CaseIterable {
        case always = 0, whenAuthenticated = 1, never = 2
    }

    package var authorization: Authorization = .notDetermined
    /// The `UNAuthorizationOptions` bits the app asked for when it was last granted.
    package var requestedOptions: AuthorizationOptionBits = []
    package var alert: Switch = .notSupported
    package var sound: Switch = .notSupported
    package var badge: Switch = .notSupported
    package var notificationCenter: Switch = .notSupported
    package var lockScreen: Switch = .notSupported
    package var criticalAlert: Switch = .notSupported
    package var timeSensitive: Switch = .notSupported
    package var alertStyle: AlertStyle = .none
    package var showPreviews: Previews = .always

    package init() {}
}

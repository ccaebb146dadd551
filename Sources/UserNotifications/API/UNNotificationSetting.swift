/// The state of one notification setting, such as alerts or sounds.
///
/// The raw values are Apple's.
public enum UNNotificationSetting: Int, Sendable {
    /// The setting does not apply to this app (on Linux: CarPlay, announcements, and so on).
    case notSupported = 0
    /// The user turned the setting off.
    case disabled = 1
    /// The user turned the setting on.
    case enabled = 2
}

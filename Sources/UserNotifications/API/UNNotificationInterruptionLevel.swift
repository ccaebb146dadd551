/// How important a notification is, and when the system delivers it.
///
/// The raw values are Apple's. On Linux the level becomes the `urgency` hint: `.passive` low,
/// `.active` and `.timeSensitive` normal, `.critical` critical when `.criticalAlert` was
/// granted (normal otherwise).
public enum UNNotificationInterruptionLevel: UInt, Sendable {
    /// Added to the notification list without lighting up the screen or playing a sound.
    case passive = 0
    /// Presented immediately; may play a sound. The default.
    case active = 1
    /// Presented immediately, through Focus where allowed.
    case timeSensitive = 2
    /// Presented immediately, bypassing the mute switch.
    case critical = 3
}

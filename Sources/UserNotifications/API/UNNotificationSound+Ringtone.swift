import Foundation

extension UNNotificationSound {
    /// The name of the freedesktop sound theme's ringtone, the Linux ``defaultRingtone``.
    static let ringtoneThemeName = UNNotificationSoundName("phone-incoming-call")

    /// The default ringtone, for notifications of incoming calls.
    ///
    /// On Linux: the freedesktop sound theme's `phone-incoming-call`, played once like any
    /// notification sound (Apple's plays the user's ringtone).
    public class var defaultRingtone: UNNotificationSound { UNNotificationSound(name: ringtoneThemeName) }

    /// A named sound played as a ringtone, for notifications of incoming calls.
    ///
    /// On Linux it is the named sound, looked up as ``UNNotificationSound/init(named:)`` looks
    /// it up and played once.
    public class func ringtoneSoundNamed(_ name: UNNotificationSoundName) -> UNNotificationSound {
        UNNotificationSound(name: name)
    }
}

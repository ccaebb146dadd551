import Foundation

/// The sound played when a notification is delivered.
///
/// Use ``default`` for the system's sound, `init(named:)` for your own, and the critical
/// variants for critical alerts.
///
/// On Linux the default sound is the freedesktop theme's `message-new-instant`; a named sound
/// is a theme name or a file (see ``UNNotificationSoundName``). A critical sound plays only when
/// the app was granted `.criticalAlert`; its volume is passed on where the sound player supports
/// it.
open class UNNotificationSound: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The sound's name, or `nil` for the default sound.
    package let soundName: UNNotificationSoundName?
    /// Whether this is a critical-alert sound.
    package let isCritical: Bool
    /// The volume of a critical sound, from 0.0 to 1.0; `nil` for the system's volume.
    package let volume: Float?

    /// Creates a sound; the volume is clamped to 0.0 … 1.0.
    package init(name: UNNotificationSoundName?, isCritical: Bool = false, volume: Float? = nil) {
        self.soundName = name
        self.isCritical = isCritical
        self.volume = volume.map { min(max($0, 0), 1) }
        super.init()
    }

    /// Creates a sound from a sound file or, on Linux, a sound theme name.
    public convenience init(named name: UNNotificationSoundName) {
        self.init(name: name)
    }

    /// The default sound for notifications.
    ///
    /// On Linux: the sound theme's `message-new-instant`.
    open class var `default`: UNNotificationSound { UNNotificationSound(name: nil) }

    /// The default sound for critical alerts, at the system's volume.
    open class var defaultCritical: UNNotificationSound {
        UNNotificationSound(name: nil, isCritical: true)
    }

    /// The default sound for critical alerts at a volume from 0.0 to 1.0.
    open class func defaultCriticalSound(withAudioVolume volume: Float) -> UNNotificationSound {
        UNNotificationSound(name: nil, isCritical: true, volume: volume)
    }

    /// A named sound for critical alerts, at the system's volume.
    open class func criticalSoundNamed(_ name: UNNotificationSoundName) -> UNNotificationSound {
        UNNotificationSound(name: name, isCritical: true)
    }

    /// A named sound for critical alerts at a volume from 0.0 to 1.0.
    open class func criticalSoundNamed(
        _ name: UNNotificationSoundName, withAudioVolume volume: Float
    ) -> UNNotificationSound {
        UNNotificationSound(name: name, isCritical: true, volume: volume)
    }

    /// Sounds are archived securely: `NSKeyedUnarchiver` may require secure coding.
    open class var supportsSecureCoding: Bool { true }

    /// Reads a sound archived by `encode(with:)`.
    public required init?(coder: NSCoder) {
        soundName = coder.decodeString(forKey: "soundName").map(UNNotificationSoundName.init(rawValue:))
        isCritical = coder.decodeBool(forKey: "isCritical")
        volume = coder.decodeOptionalFloat(forKey: "volume")
        super.init()
    }

    /// Archives the name, criticality and volume.
    open func encode(with coder: NSCoder) {
        coder.encode(soundName?.rawValue, forKey: "soundName")
        coder.encode(isCritical, forKey: "isCritical")
        if let volume { coder.encode(volume, forKey: "volume") }
    }

    /// Sounds are immutable: a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Sounds are equal when name, criticality and volume are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationSound else { return false }
        return soundName == other.soundName && isCritical == other.isCritical && volume == other.volume
    }

    /// A hash of the name and criticality.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(soundName)
        hasher.combine(isCritical)
        return hasher.finalize()
    }

    /// A description for debugging, such as `<UNNotificationSound default>`.
    open override var description: String {
        let name = soundName.map { "\"\($0.rawValue)\"" } ?? "default"
        let critical = isCritical ? " critical" + (volume.map { " volume \($0)" } ?? "") : ""
        return "<UNNotificationSound \(name)\(critical)>"
    }
}

import NotificationAgentClient

/// How GNOME's per-app keys and the agent's `AppSettings` meet: what is read from GNOME, and
/// what is written to it. The agent writes every key it holds with every save, so a key that
/// differs from the agent's own settings was changed in GNOME (GNOME Settings, `gsettings`)
/// since, and counts; a key nobody set (GNOME's default) never counts.
///
/// - `enable` false → denied, whatever the agent had.
/// - `enable` true, set: a denied app is authorized (the user switched it on in GNOME Settings, as
///   in Apple's Settings), with alerts, sounds, badges, the list and the lock screen on unless
///   GNOME's own keys say otherwise; an app not determined stays so (the app still asks), a
///   provisional one stays provisional.
/// - `enable` not set (GNOME's default for every app, also one GNOME never saw): the agent's.
/// - `show-banners` ⇄ alert, `enable-sound-alerts` ⇄ sound, `show-in-lock-screen` ⇄ lock
///   screen, for an authorized or provisional app whose switch is supported.
/// - `details-in-lock-screen` → previews (true: always; false: when unlocked, or never): GNOME's
///   alone, read with its default (false) and never written, since only GNOME Shell shows the
///   lock screen and unotify has no switch for it; so unotify never turns on details on the lock
///   screen that GNOME keeps off by default.
package enum GnomeSettingsRules {
    /// `own` with what GNOME holds for the app.
    package static func applying(_ gnome: GnomeAppValues, to own: AppSettings) -> AppSettings {
        var settings = own
        switch gnome.enable {
        case false?:
            settings.authorization = .denied
        case true? where own.authorization == .denied:
            settings.authorization = .authorized
            for path in [\AppSettings.alert, \.sound, \.badge, \.notificationCenter, \.lockScreen]
            where settings[keyPath: path] == .disabled {
                settings[keyPath: path] = .enabled
            }
            if settings.alertStyle == .none { settings.alertStyle = .banner }
        default:
            break
        }
        guard settings.authorization == .authorized || settings.authorization == .provisional else { return settings }
        take(gnome.showBanners, into: &settings.alert)
        take(gnome.soundAlerts, into: &settings.sound)
        take(gnome.showInLockScreen, into: &settings.lockScreen)
        switch gnome.detailsInLockScreen {
        case true?: settings.showPreviews = .always
        case false? where settings.showPreviews == .always: settings.showPreviews = .whenAuthenticated
        default: break
        }
        return settings
    }

    /// The keys to write for `settings`, each with its value, or `nil` to reset it to GNOME's
    /// default; keys not listed are left as they are. Not determined (a reset app): every key
    /// unotify writes reset. Denied: `enable` false only, so that switching it on again in GNOME Settings
    /// brings back what GNOME had. Authorized or provisional: `enable` true and each supported
    /// switch.
    package static func writes(for settings: AppSettings) -> [(key: String, value: Bool?)] {
        switch settings.authorization {
        case .notDetermined:
            return GnomeAppValues.writtenKeys.map { ($0, nil) }
        case .denied:
            return [("enable", false)]
        case .authorized, .provisional:
            var writes: [(key: String, value: Bool?)] = [("enable", true)]
            for (key, value) in [
                ("show-banners", settings.alert), ("enable-sound-alerts", settings.sound),
                ("show-in-lock-screen", settings.lockScreen),
            ] where value != .notSupported {
                writes.append((key, value == .enabled))
            }
            return writes
        }
    }

    private static func take(_ value: Bool?, into setting: inout AppSettings.Switch) {
        guard let value, setting != .notSupported else { return }
        setting = value ? .enabled : .disabled
    }
}

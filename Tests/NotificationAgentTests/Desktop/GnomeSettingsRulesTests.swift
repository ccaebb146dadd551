import NotificationAgentClient
import Testing

@testable import NotificationAgent

/// Which side counts where GNOME's per-app keys and the agent's own settings differ.
@Suite("Desktop: GNOME's settings rules")
struct GnomeSettingsRulesTests {
    static func allowed() -> AppSettings {
        var settings = AppSettings()
        settings.authorization = .authorized
        (settings.alert, settings.sound, settings.badge) = (.enabled, .enabled, .enabled)
        (settings.notificationCenter, settings.lockScreen, settings.alertStyle) = (.enabled, .enabled, .banner)
        return settings
    }

    static func denied() -> AppSettings {
        var settings = AppSettings()
        settings.authorization = .denied
        (settings.alert, settings.sound, settings.badge) = (.disabled, .disabled, .disabled)
        (settings.notificationCenter, settings.lockScreen) = (.disabled, .disabled)
        return settings
    }

    @Test func gnomesDefaultsChangeNothing() {
        for own in [AppSettings(), Self.allowed(), Self.denied()] {
            #expect(GnomeSettingsRules.applying(GnomeAppValues(), to: own) == own)
        }
    }

    @Test func enableTrueNeverAuthorizesAnAppNotDetermined() {
        let result = GnomeSettingsRules.applying(GnomeAppValues(enable: true, showBanners: true), to: AppSettings())
        #expect(result == AppSettings())
    }

    @Test func enableFalseDenies() {
        #expect(GnomeSettingsRules.applying(GnomeAppValues(enable: false), to: Self.allowed()).authorization == .denied)
        #expect(GnomeSettingsRules.applying(GnomeAppValues(enable: false), to: AppSettings()).authorization == .denied)
    }

    @Test func switchingOnInGnomeAuthorizesADeniedAppWithItsSwitchesOn() {
        let result = GnomeSettingsRules.applying(GnomeAppValues(enable: true, soundAlerts: false), to: Self.denied())
        var expected = Self.allowed()
        expected.sound = .disabled
        #expect(result == expected)
    }

    @Test func switchesOfAnAllowedApp() {
        let gnome = GnomeAppValues(
            enable: true, showBanners: false, soundAlerts: false, showInLockScreen: false, detailsInLockScreen: false)
        var expected = Self.allowed()
        (expected.alert, expected.sound, expected.lockScreen) = (.disabled, .disabled, .disabled)
        expected.showPreviews = .whenAuthenticated
        #expect(GnomeSettingsRules.applying(gnome, to: Self.allowed()) == expected)
        var never = Self.allowed()
        never.showPreviews = .never
        #expect(GnomeSettingsRules.applying(GnomeAppValues(detailsInLockScreen: false), to: never) == never)
        var unsupported = Self.allowed()
        unsupported.sound = .notSupported
        #expect(GnomeSettingsRules.applying(GnomeAppValues(soundAlerts: true), to: unsupported) == unsupported)
    }

    @Test func whatIsWritten() {
        #expect(GnomeSettingsRules.writes(for: Self.denied()).map(\.key) == ["enable"])
        #expect(GnomeSettingsRules.writes(for: Self.denied()).map(\.value) == [false])
        #expect(GnomeSettingsRules.writes(for: AppSettings()).allSatisfy { $0.value == nil })
        #expect(
            GnomeSettingsRules.writes(for: AppSettings()).map(\.key)
                == ["enable", "show-banners", "enable-sound-alerts", "show-in-lock-screen"])
        var quiet = Self.allowed()
        quiet.sound = .disabled
        let writes = GnomeSettingsRules.writes(for: quiet)
        // details-in-lock-screen is GNOME's alone: never written.
        #expect(writes.map(\.key) == ["enable", "show-banners", "enable-sound-alerts", "show-in-lock-screen"])
        #expect(writes.map(\.value) == [true, true, false, true])
    }

    /// What is written reads back as it was: the agent's own settings and GNOME's agree.
    @Test func writtenValuesReadBackUnchanged() {
        var quiet = Self.allowed()
        (quiet.sound, quiet.lockScreen) = (.disabled, .disabled)
        for own in [Self.allowed(), Self.denied(), AppSettings(), quiet] {
            let written = Dictionary(
                uniqueKeysWithValues: GnomeSettingsRules.writes(for: own).map { ($0.key, $0.value) })
            let gnome = GnomeAppValues(reading: { written[$0] ?? nil })
            #expect(GnomeSettingsRules.applying(gnome, to: own) == own, "\(own)")
        }
    }
}

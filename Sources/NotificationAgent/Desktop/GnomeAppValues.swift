/// What GNOME holds for one app (`org.gnome.desktop.notifications.application`), each key
/// `nil` where nobody has set it, so GNOME's default (`true`) holds: a default is no choice of
/// the user's, and never overrides the agent's own settings.
package struct GnomeAppValues: Hashable, Sendable {
    /// `enable`: notifications from the app at all.
    package var enable: Bool?
    /// `show-banners`.
    package var showBanners: Bool?
    /// `enable-sound-alerts`.
    package var soundAlerts: Bool?
    /// `show-in-lock-screen`.
    package var showInLockScreen: Bool?
    /// `details-in-lock-screen`, read with GNOME's default (false) by the store: GNOME's alone.
    package var detailsInLockScreen: Bool?

    package init(
        enable: Bool? = nil, showBanners: Bool? = nil, soundAlerts: Bool? = nil, showInLockScreen: Bool? = nil,
        detailsInLockScreen: Bool? = nil
    ) {
        self.enable = enable
        self.showBanners = showBanners
        self.soundAlerts = soundAlerts
        self.showInLockScreen = showInLockScreen
        self.detailsInLockScreen = detailsInLockScreen
    }

    /// The schema's keys, in this order: `enable`, `show-banners`, `enable-sound-alerts`,
    /// `show-in-lock-screen`, `details-in-lock-screen`.
    package static let keys = [
        "enable", "show-banners", "enable-sound-alerts", "show-in-lock-screen", "details-in-lock-screen",
    ]

    /// The keys unotify writes: ``keys`` but `details-in-lock-screen`, which is GNOME's alone.
    package static let writtenKeys = Array(keys.dropLast())

    /// The values by key, in ``keys``' order.
    package var byKey: [(key: String, value: Bool?)] {
        zip(Self.keys, [enable, showBanners, soundAlerts, showInLockScreen, detailsInLockScreen]).map { ($0, $1) }
    }

    /// The values read by `read` (a key's user value, `nil` when it has none).
    package init(reading read: (String) throws -> Bool?) rethrows {
        self.init(
            enable: try read("enable"), showBanners: try read("show-banners"),
            soundAlerts: try read("enable-sound-alerts"), showInLockScreen: try read("show-in-lock-screen"),
            detailsInLockScreen: try read("details-in-lock-screen"))
    }
}

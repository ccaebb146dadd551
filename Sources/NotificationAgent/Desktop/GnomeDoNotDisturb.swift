/// GNOME's do-not-disturb as GNOME Settings switches it: `show-banners` false in
/// `org.gnome.desktop.notifications`, read through the same GSettings as the per-app settings.
/// GNOME Shell then shows no banner for a notification that is not critical; the agent keeps
/// those quiet too and sends what breaks through (critical, time-sensitive where allowed) as
/// critical, which the shell still shows.
struct GnomeDoNotDisturb: DoNotDisturbSource {
    let settings: GnomeNotificationSettings
    let origin = "GNOME: show-banners"

    func read() async throws -> Bool { try !settings.showsBanners() }
}

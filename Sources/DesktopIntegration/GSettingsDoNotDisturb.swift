/// A desktop's do-not-disturb switch kept in GSettings, which only the agent reads (it links
/// GIO; the CLI does not, for its fast start): a ``DoNotDisturbPlace/inGSettings(_:)``.
package enum GSettingsDoNotDisturb: Sendable, Hashable {
    /// Cinnamon: `org.cinnamon.desktop.notifications display-notifications` (off is do-not-disturb).
    case cinnamonDisplayNotifications
    /// GNOME: `org.gnome.desktop.notifications show-banners` (off is do-not-disturb), read where
    /// the agent uses GNOME's settings.
    case gnomeShowBanners
    /// MATE: `org.mate.NotificationDaemon do-not-disturb` (on is do-not-disturb), the switch of
    /// mate-notification-daemon's applet and its properties dialog.
    case mateDoNotDisturb

    /// Where it is kept, for `unotify server --explain` when the agent cannot be asked.
    package var absence: String {
        switch self {
        case .cinnamonDisplayNotifications:
            "Cinnamon keeps it in GSettings (org.cinnamon.desktop.notifications display-notifications), "
                + "which only unotifyd reads"
        case .gnomeShowBanners:
            "GNOME keeps it in GSettings (org.gnome.desktop.notifications show-banners), which unotifyd reads "
                + "where it uses GNOME's settings (XDG_CURRENT_DESKTOP=GNOME or UNOTIFY_DESKTOP_SETTINGS=gnome)"
        case .mateDoNotDisturb:
            "MATE keeps it in GSettings (org.mate.NotificationDaemon do-not-disturb), which only unotifyd reads"
        }
    }
}

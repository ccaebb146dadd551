/// What the running desktop holds, as the agent reads it: `GetDesktop`'s reply. The CLI links no
/// GIO (its fast start), so it asks the agent for what only GSettings holds (GNOME's and
/// Cinnamon's do-not-disturb) and for where the apps' settings live.
package struct DesktopRecord: Sendable, Hashable {
    /// "on", "off", or "unavailable".
    package var doNotDisturb: String
    /// Where do-not-disturb was read ("GNOME: show-banners"), or why it cannot be.
    package var doNotDisturbOrigin: String
    /// Where each app's notification settings live on this desktop ("GNOME Settings ›
    /// Notifications"); empty where `unotify settings APP` is the place.
    package var settingsPlace: String

    /// A record of what `GetDesktop` answers.
    package init(doNotDisturb: String, doNotDisturbOrigin: String, settingsPlace: String) {
        self.doNotDisturb = doNotDisturb
        self.doNotDisturbOrigin = doNotDisturbOrigin
        self.settingsPlace = settingsPlace
    }
}

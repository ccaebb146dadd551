import DesktopIntegration
import FreedesktopNotifications

/// Which do-not-disturb switch the agent follows: the one the running notification server keeps
/// (``DoNotDisturbSwitch/of(_:)``), or, where the quirks table says a settings file holds it
/// (``ServerProfile/doNotDisturbInFile``, LXQt's), that file (``FileDoNotDisturbSource``), or
/// Cinnamon's or MATE's GSettings key (``ServerProfile/doNotDisturbInGSettings``), that key
/// (``GSettingsSwitchDoNotDisturb``). The one
/// place where the agent picks a ``DoNotDisturbSource``; nothing else in the agent knows which
/// server or desktop runs.
package enum DoNotDisturbSelection {
    /// The source for the server `profile` describes, read through `server` (or its settings
    /// file, for LXQt; GSettings, for Cinnamon and MATE); else the one the desktop's settings
    /// store keeps (GNOME's `show-banners`); `nil`
    /// where neither keeps a switch that can be read (do-not-disturb then counts as off).
    package static func source(
        for profile: ServerProfile, server: any NotificationServer, desktop: (any DesktopAppSettingsStore)? = nil
    ) -> (any DoNotDisturbSource)? {
        if let file = profile.doNotDisturbInFile { return FileDoNotDisturbSource(place: file) }
        guard let doNotDisturbSwitch = DoNotDisturbSwitch.of(profile) else {
            if let place = profile.doNotDisturbInGSettings, let reader = GSettingsSwitchDoNotDisturb.reader(of: place) {
                return reader
            }
            return desktop?.doNotDisturb
        }
        return ServerDoNotDisturbSource(doNotDisturbSwitch: doNotDisturbSwitch, server: server)
    }
}

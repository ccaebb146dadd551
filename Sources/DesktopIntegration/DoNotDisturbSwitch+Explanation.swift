import FreedesktopNotifications

extension DoNotDisturbSwitch {
    /// Whether notifications still reach the user in the end while the switch is on: false where
    /// the server holds every one, critical ones too (dunst paused, awesome suspended).
    var worksWhileOn: Bool {
        switch self {
        case .dunstPaused, .awesomeSuspended: false
        case .inhibited, .makoMode, .xfconf, .swayncDnd, .budgieDispatcher: true
        }
    }

    /// What the server and unotifyd do while the switch is on, on the server `profile` describes
    /// (measured).
    func whileOn(_ profile: ServerProfile) -> String {
        switch self {
        case .inhibited:
            "while the desktop's do-not-disturb is on, notifications go to its history without a popup, "
                + "and unotifyd plays no sound for them; the permission prompt (critical) still pops up"
        case .dunstPaused:
            "while dunst is paused, it holds every notification until it resumes, critical ones too; "
                + "unotifyd plays no sound for them but a critical one's"
        case .makoMode:
            "in mako's mode do-not-disturb unotifyd plays no sound but a critical one's; mako hides "
                + "notifications only where its configuration has [mode=do-not-disturb] invisible=1"
        case .xfconf:
            "while Xfce's do-not-disturb is on, xfce4-notifyd logs notifications without a popup and unotifyd "
                + "plays no sound for them; critical ones pop up with their sound"
        case .swayncDnd:
            "while SwayNotificationCenter's do-not-disturb is on, it keeps notifications in its control center "
                + "without a popup; unotifyd plays no sound but a critical one's (swaync plays none itself)"
        case .budgieDispatcher:
            profile.discardsNotificationsInDoNotDisturb
                ? "while Budgie's do-not-disturb is on, budgie-daemon shows no popup at all, critical ones "
                    + "included, and closes each at once; unotifyd keeps them in `unotify delivered` and plays "
                    + "no sound but a critical one's"
                : "while Budgie's do-not-disturb is on, budgie-daemon shows no popup for a notification that is "
                    + "not critical and closes it at once; unotifyd plays no sound for those; critical ones pop up"
        case .awesomeSuspended:
            "while naughty is suspended, awesome holds every notification hidden until it resumes, critical "
                + "ones too; unotifyd plays no sound for them but a critical one's"
        }
    }
}

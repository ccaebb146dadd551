extension GSettingsDoNotDisturb {
    /// The "do not disturb" line of `unotify server --explain` where the switch changes more
    /// than Apple's Focus does: MATE's, under which mate-notification-daemon draws nothing
    /// (measured on 1.26). Nil for Cinnamon's and GNOME's, which let the critical prompt through.
    var explanation: (works: Bool, detail: String)? {
        switch self {
        case .cinnamonDisplayNotifications, .gnomeShowBanners: nil
        case .mateDoNotDisturb:
            (
                false,
                "while MATE's do-not-disturb is on, mate-notification-daemon answers each notification with an id "
                    + "but draws none, critical ones neither, plays no sound for it and never closes it; unotifyd "
                    + "keeps them in `unotify delivered` and plays no sound but a critical one's"
            )
        }
    }

    /// Whether the server plays no sound while the switch is on, not even a critical
    /// notification's: mate-notification-daemon (measured on 1.26), which plays `sound-file`
    /// itself otherwise.
    var silencesTheServer: Bool {
        switch self {
        case .cinnamonDisplayNotifications, .gnomeShowBanners: false
        case .mateDoNotDisturb: true
        }
    }
}

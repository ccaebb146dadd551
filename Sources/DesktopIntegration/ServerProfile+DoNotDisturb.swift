import FreedesktopNotifications

extension ServerProfile {
    /// Where the desktop of this server keeps its do-not-disturb in GSettings (Cinnamon's
    /// `display-notifications`, GNOME's `show-banners`, MATE's `do-not-disturb`), which only the
    /// agent reads; nil elsewhere.
    package var doNotDisturbInGSettings: GSettingsDoNotDisturb? {
        for row in DoNotDisturbRow.rows(for: information) {
            if case .inGSettings(let place) = row.place { return place }
        }
        return nil
    }

    /// Where the desktop of this server keeps its do-not-disturb in a settings file (LXQt's
    /// `doNotDisturb`), which the agent and the CLI read; nil elsewhere.
    package var doNotDisturbInFile: FileDoNotDisturb? {
        for row in DoNotDisturbRow.rows(for: information) {
            if case .inFile(let place) = row.place { return place }
        }
        return nil
    }

    /// Whether the server plays no sound under its desktop's do-not-disturb, not even a critical
    /// notification's (mate-notification-daemon, which drops every one with its `sound-file`):
    /// there unotifyd plays a breakthrough's sound itself.
    package var isSilentInDoNotDisturb: Bool { doNotDisturbInGSettings?.silencesTheServer ?? false }

    /// The "do not disturb" line of `unotify server --explain`, for a server whose switch
    /// unotify reads itself (``DoNotDisturbSwitch``, ``FileDoNotDisturb``), or MATE's in GSettings
    /// (``GSettingsDoNotDisturb/explanation``): what the server and unotifyd do while it is on
    /// (measured); nil for any other.
    package var doNotDisturbExplanation: (feature: String, works: Bool, detail: String)? {
        if let file = doNotDisturbInFile { return ("do not disturb", file.worksWhileOn, file.whileOn) }
        if let line = doNotDisturbInGSettings?.explanation { return ("do not disturb", line.works, line.detail) }
        return DoNotDisturbSwitch.of(self).map { ("do not disturb", $0.worksWhileOn, $0.whileOn(self)) }
    }
}

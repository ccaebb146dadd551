import NotificationAgentClient

/// What xfce4-notifyd's list of muted applications means for an app's settings, both ways. A
/// muted app gets no popup and is still logged: the closest of Apple's switches is the alert
/// (`alertSetting` off), with the notification center left on.
enum XfceMutedRule {
    /// `settings` with the alert Xfce decides: only for an authorized app that asked for alerts
    /// (an app not asked yet, denied or provisional is as the agent's own store says: an absent
    /// name is no permission).
    static func applying(muted: Bool, to settings: AppSettings) -> AppSettings {
        guard settings.authorization == .authorized, settings.requestedOptions.contains(.alert) else { return settings }
        var result = settings
        result.alert = muted ? .disabled : .enabled
        if !muted, result.alertStyle == .none { result.alertStyle = .banner }
        return result
    }

    /// Whether the app's name belongs in the list after the agent saved `settings`: muted for
    /// an authorized app with its alert off, not muted for an authorized app with its alert on
    /// and for one reset (Xfce's default); `nil` (the list left as it is) while it is denied or
    /// provisional, where the agent shows nothing prominent anyway.
    static func muted(after settings: AppSettings) -> Bool? {
        switch settings.authorization {
        case .authorized: settings.requestedOptions.contains(.alert) ? settings.alert != .enabled : nil
        case .notDetermined: false
        case .denied, .provisional: nil
        }
    }
}

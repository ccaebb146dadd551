import NotificationAgentClient

/// The settings each outcome of the authorization machine produces. `requestedOptions` keeps the options the
/// app asked for, without `.provisional` (which the status already says).
extension AppSettings {
    /// *Allow* (or *Deliver Prominently*): authorized; the alert, sound, badge, critical-alert
    /// and time-sensitive switches enabled for the requested bits and disabled for the others;
    /// notification center and lock screen enabled; banners when `.alert` was requested.
    package static func authorized(requesting options: AuthorizationOptionBits) -> AppSettings {
        var settings = AppSettings()
        settings.authorization = .authorized
        settings.requestedOptions = options.subtracting(.provisional)
        settings.alert = options.contains(.alert) ? .enabled : .disabled
        settings.sound = options.contains(.sound) ? .enabled : .disabled
        settings.badge = options.contains(.badge) ? .enabled : .disabled
        settings.criticalAlert = options.contains(.criticalAlert) ? .enabled : .disabled
        settings.timeSensitive = options.contains(.timeSensitive) ? .enabled : .disabled
        settings.notificationCenter = .enabled
        settings.lockScreen = .enabled
        settings.alertStyle = options.contains(.alert) ? .banner : .none
        return settings
    }

    /// *Don't Allow* (or *Turn Off All Notifications*): denied, every switch disabled, no
    /// alert style.
    package static func denied(requesting options: AuthorizationOptionBits) -> AppSettings {
        var settings = AppSettings()
        settings.authorization = .denied
        settings.requestedOptions = options.subtracting(.provisional)
        settings.alert = .disabled
        settings.sound = .disabled
        settings.badge = .disabled
        settings.criticalAlert = .disabled
        settings.timeSensitive = .disabled
        settings.notificationCenter = .disabled
        settings.lockScreen = .disabled
        settings.alertStyle = .none
        return settings
    }

    /// A provisional grant, as iOS delivers it: quietly, to the notification center only.
    /// Notification center enabled; alert (banners), sound, badge, lock screen, critical alert
    /// and time sensitive disabled; no alert style. The requested options are kept for
    /// *Deliver Prominently*.
    package static func provisional(requesting options: AuthorizationOptionBits) -> AppSettings {
        var settings = denied(requesting: options)
        settings.authorization = .provisional
        settings.notificationCenter = .enabled
        return settings
    }

    /// *Deliver Quietly*: authorized, but alert (banners), sound, badge and lock screen
    /// disabled, no alert style; notification center enabled; critical alert and time
    /// sensitive as `authorized(requesting:)` sets them.
    package static func deliveredQuietly(requesting options: AuthorizationOptionBits) -> AppSettings {
        var settings = authorized(requesting: options)
        settings.alert = .disabled
        settings.sound = .disabled
        settings.badge = .disabled
        settings.lockScreen = .disabled
        settings.alertStyle = .none
        return settings
    }

    /// Whether a request is answered `true` in this state without asking: only when
    /// authorized (a provisional app's provisional requests are answered `true` by the machine
    /// separately; its explicit ones prompt).
    package var grantsRequests: Bool { authorization == .authorized }
}

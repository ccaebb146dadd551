import NotificationAgentClient
import FreedesktopNotifications

extension PresentationMapping {
    /// Whether a notification at `level` breaks through do-not-disturb, as through Apple's Focus:
    /// `.critical` always; `.timeSensitive` where the app's `timeSensitive` setting is on;
    /// `.passive` and `.active` never.
    package static func breaksThroughDoNotDisturb(
        _ level: DeliveryRequest.InterruptionLevel, settings: AppSettings
    ) -> Bool {
        switch level {
        case .passive, .active: false
        case .timeSensitive: settings.timeSensitive == .enabled
        case .critical: true
        }
    }

    /// Whether do-not-disturb can change how `plan` is shown, so that its switch must be read:
    /// the notification has a sound to leave out, or it breaks through at normal urgency and
    /// would be sent critical, or with a sound the server would play, on a server that plays
    /// nothing under its do-not-disturb (`serverSilent`, mate). A silent one that does not break
    /// through is held back by the server's own switch alone: the agent does not ask the server
    /// (one D-Bus round trip to a server that answers in turn, after drawing what came before)
    /// for every notification.
    package static func doNotDisturbMatters(
        _ level: DeliveryRequest.InterruptionLevel, settings: AppSettings, plan: Plan, serverSilent: Bool = false
    ) -> Bool {
        let hints = plan.notify.hints
        if breaksThroughDoNotDisturb(level, settings: settings) {
            return hints.urgency == .normal || (serverSilent && (hints.soundName != nil || hints.soundFile != nil))
        }
        return plan.soundToPlay != nil || hints.soundName != nil || hints.soundFile != nil
    }

    /// Follows do-not-disturb, which is on: a notification that does not break through
    /// (``breaksThroughDoNotDisturb(_:settings:)``) goes quietly: no sound, neither the agent's
    /// nor the server's, and no popup, which the server itself holds back (it follows its own
    /// switch, ``DoNotDisturbSwitch``) while keeping it in its list. One that breaks through
    /// keeps its sound and, when shown as a banner, is sent critical: the urgency the servers
    /// let through their do-not-disturb (KDE Plasma, xfce4-notifyd, GNOME Shell; measured).
    /// Where the server plays nothing under it (`serverSilent`: mate-notification-daemon drops
    /// every notification with its sound, critical ones too), a sound the server would have
    /// played (`sound`, the request's) is played by unotifyd instead.
    package static func applyDoNotDisturb(
        _ level: DeliveryRequest.InterruptionLevel, settings: AppSettings, serverSilent: Bool = false,
        sound: DeliveryRequest.Sound? = nil, to plan: inout Plan
    ) {
        guard breaksThroughDoNotDisturb(level, settings: settings) else {
            plan.notify.hints.soundName = nil
            plan.notify.hints.soundFile = nil
            plan.notify.hints.suppressSound = true
            plan.soundToPlay = nil
            return
        }
        if plan.notify.hints.urgency == .normal { plan.notify.hints.urgency = .critical }
        let serverWouldPlay = plan.notify.hints.soundName != nil || plan.notify.hints.soundFile != nil
        if serverSilent, serverWouldPlay, plan.soundToPlay == nil, let sound {
            plan.notify.hints.soundName = nil
            plan.notify.hints.soundFile = nil
            plan.notify.hints.suppressSound = true
            plan.soundToPlay = sound
        }
    }
}

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
    /// would be sent critical. A silent one that does not break through is held back by the
    /// server's own switch alone: the agent does not ask the server (one D-Bus round trip to a
    /// server that answers in turn, after drawing what came before) for every notification.
    package static func doNotDisturbMatters(
        _ level: DeliveryRequest.InterruptionLevel, settings: AppSettings, plan: Plan
    ) -> Bool {
        if breaksThroughDoNotDisturb(level, settings: settings) { return plan.notify.hints.urgency == .normal }
        let hints = plan.notify.hints
        return plan.soundToPlay != nil || hints.soundName != nil || hints.soundFile != nil
    }

    /// Follows do-not-disturb, which is on: a notification that does not break through
    /// (``breaksThroughDoNotDisturb(_:settings:)``) goes quietly: no sound, neither the agent's
    /// nor the server's, and no popup, which the server itself holds back (it follows its own
    /// switch, ``DoNotDisturbSwitch``) while keeping it in its list. One that breaks through
    /// keeps its sound and, when shown as a banner, is sent critical: the urgency the servers
    /// let through their do-not-disturb (KDE Plasma, xfce4-notifyd, GNOME Shell; measured).
    package static func applyDoNotDisturb(
        _ level: DeliveryRequest.InterruptionLevel, settings: AppSettings, to plan: inout Plan
    ) {
        guard breaksThroughDoNotDisturb(level, settings: settings) else {
            plan.notify.hints.soundName = nil
            plan.notify.hints.soundFile = nil
            plan.notify.hints.suppressSound = true
            plan.soundToPlay = nil
            return
        }
        if plan.notify.hints.urgency == .normal { plan.notify.hints.urgency = .critical }
    }
}

import NotificationAgentClient
import FreedesktopNotifications

extension PresentationMapping {
    /// Narrows a plan to what the running app's `willPresent` allowed: no banner (`.banner`,
    /// `.alert`) makes it history-only (urgency low); no `.sound` silences it; no `.badge`
    /// drops the badge. The options never add what the settings did not allow.
    package static func apply(_ options: PresentationOptionBits, to plan: inout Plan) {
        if options.isDisjoint(with: [.banner, .alert]) { plan.notify.hints.urgency = .low }
        if !options.contains(.sound) {
            plan.notify.hints.soundName = nil
            plan.notify.hints.soundFile = nil
            plan.notify.hints.suppressSound = true
            plan.soundToPlay = nil
        }
        if !options.contains(.badge) { plan.badge = nil }
    }
}

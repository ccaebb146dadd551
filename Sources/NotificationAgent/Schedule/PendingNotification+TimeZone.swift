import UserNotificationsCore
import Foundation

extension PendingNotification {
    /// This notification with its calendar match moved to `zone`, when it follows the local
    /// time zone and is not yet due at `now`: its first match after `now` there. Nil when
    /// nothing changes (another trigger, already due, or no match in `zone`).
    func movedToZone(_ zone: TimeZone, now: Date) -> PendingNotification? {
        guard trigger.floatingCalendarMatch != nil, nextFireDate > now.timeIntervalSince1970,
            let next = trigger.nextFireDate(after: now, anchor: max(now, anchorDate), calendarTimeZone: zone)
        else { return nil }
        var moved = self
        moved.nextFireDate = next.timeIntervalSince1970
        return moved
    }
}

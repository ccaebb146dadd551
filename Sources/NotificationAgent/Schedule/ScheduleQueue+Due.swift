import UserNotificationsCore
import NotificationAgentClient
import Foundation

extension ScheduleQueue {
    /// Removes and returns every notification due at `now` (fire date at or before it),
    /// earliest first; each repeating one is put back at its first date after `now`.
    ///
    /// Nothing whose fire date is after `now` is returned, and each due notification is
    /// returned once, however many of its dates passed (a repeating one does not fire once per
    /// missed period). O(k log n) for k due notifications, plus a calendar computation for
    /// each repeating calendar one.
    package mutating func popDue(now: Date) -> [PendingNotification] {
        let seconds = now.timeIntervalSince1970
        var due: [PendingNotification] = []
        var repeating: [PendingNotification] = []
        while let notification = popLive(dueBy: seconds) {
            due.append(notification)
            if let next = notification.following(now: now, calendarTimeZone: calendarTimeZone) {
                repeating.append(next)
            }
        }
        for next in repeating {
            add(next)
        }
        return due
    }

    /// What the agent fires when it starts: every notification whose fire date passed while
    /// it was not running, once, earliest first, each repeating one moved to its first date
    /// after `now` (not fired once per missed period). Those not yet due stay as they are.
    ///
    /// The same rule as `popDue(now:)`, which is what applies on every wake; this is the name
    /// for the call right after restoring the queue from `PendingStore`.
    package mutating func catchUp(now: Date) -> [PendingNotification] {
        popDue(now: now)
    }

    /// How long to wait from `now` until the next notification is due: its fire date minus
    /// `now`, zero when it is already due, `nil` when nothing is pending. Compute it again
    /// after every wake (see "Time" in the type's documentation): it is a wall-clock
    /// difference, valid only for the `now` it was computed at. At most
    /// `TriggerRecord.maximumSeconds`, so that a date from a damaged file (1e300) cannot trap
    /// the conversion to `Duration`; waking early is harmless, as nothing fires before its date.
    package func delayUntilNextDue(now: Date) -> Duration? {
        guard let next = nextFireDate else { return nil }
        let seconds = next.timeIntervalSince(now)
        guard seconds > 0 else { return .zero }
        return .seconds(seconds.isFinite ? min(seconds, TriggerRecord.maximumSeconds) : TriggerRecord.maximumSeconds)
    }

    /// Moves calendar matches that have no time zone of their own to `timeZone`: each one not
    /// yet due gets its first match after `now` there (one already due stays due). Other
    /// notifications are unchanged. O(n) plus a calendar computation per such match.
    package mutating func timeZoneChanged(to timeZone: TimeZone, now: Date) {
        let seconds = now.timeIntervalSince1970
        rebuild(calendarTimeZone: timeZone) { notification in
            guard notification.trigger.floatingCalendarMatch != nil, notification.nextFireDate > seconds else {
                return nil
            }
            var moved = notification
            guard
                let next = notification.trigger.nextFireDate(
                    after: now, anchor: max(now, notification.anchorDate), calendarTimeZone: timeZone)
            else { return nil }
            moved.nextFireDate = next.timeIntervalSince1970
            return moved
        }
    }
}

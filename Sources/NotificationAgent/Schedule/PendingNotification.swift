import UserNotificationsCore
import Foundation
import NotificationAgentClient

/// A notification waiting for its trigger: which app added it, what to deliver, when it was
/// added and when it fires next. This is the record the scheduler keeps and `PendingStore`
/// writes; dates are stored as seconds since 1970 (a `Double`), so they survive JSON exactly.
package struct PendingNotification: Codable, Hashable, Sendable {
    /// The identifier of the app that added it.
    package var app: String
    /// What to deliver when it fires (stored under the key `content`).
    package var request: DeliveryRequest
    /// When it fires.
    package var trigger: ScheduledTrigger
    /// When it was added, in seconds since 1970: a time interval counts from here.
    package var anchor: Double
    /// When it fires next, in seconds since 1970.
    package var nextFireDate: Double

    /// A pending notification from its stored fields, as they are (nothing is checked).
    package init(app: String, request: DeliveryRequest, trigger: ScheduledTrigger, anchor: Double, nextFireDate: Double)
    {
        self.app = app
        self.request = request
        self.trigger = trigger
        self.anchor = anchor
        self.nextFireDate = nextFireDate
    }

    /// `request`, added by `app` at `addedAt`, to fire at `trigger`'s first date after
    /// `addedAt`; calendar matches without a time zone of their own are matched in
    /// `calendarTimeZone`.
    ///
    /// - Throws: `ScheduleError` when the trigger breaks a rule (`ScheduledTrigger.validate()`),
    ///   has no date after `addedAt` (`.noFutureDate`), or its first date is more than
    ///   `TriggerRecord.maximumSeconds` after `addedAt` (`.tooFar`), or the request carries
    ///   vendor hints, which the schedule does not keep (`.hintsNotKept`).
    package init(
        app: String, request: DeliveryRequest, trigger: ScheduledTrigger, addedAt: Date, calendarTimeZone: TimeZone
    ) throws(ScheduleError) {
        guard request.hints.isEmpty else { throw ScheduleError(.hintsNotKept) }
        try trigger.validate()
        guard let first = trigger.nextFireDate(after: addedAt, calendarTimeZone: calendarTimeZone) else {
            throw ScheduleError(.noFutureDate)
        }
        let lead = first.timeIntervalSince(addedAt)
        guard lead <= TriggerRecord.maximumSeconds else { throw ScheduleError(.tooFar(lead)) }
        self.init(
            app: app, request: request, trigger: trigger, anchor: addedAt.timeIntervalSince1970,
            nextFireDate: first.timeIntervalSince1970)
    }

    /// The app and request identifier that identify it.
    package var key: PendingKey { PendingKey(app: app, identifier: request.identifier) }

    /// The request's identifier.
    package var identifier: String { request.identifier }

    private enum CodingKeys: String, CodingKey {
        case app
        case request = "content"
        case trigger, anchor, nextFireDate
    }

    /// When it fires next.
    package var fireDate: Date { Date(timeIntervalSince1970: nextFireDate) }

    /// When it was added.
    package var anchorDate: Date { Date(timeIntervalSince1970: anchor) }

    /// This notification moved to its next date after `now`, for a repeating one that has just
    /// fired; `nil` when it does not repeat or has no later date. However many dates passed
    /// before `now`, the next one is in the future: a missed period is not fired again.
    package func following(now: Date, calendarTimeZone: TimeZone) -> PendingNotification? {
        guard trigger.repeats else { return nil }
        let after = max(now, fireDate)
        guard let next = trigger.nextFireDate(after: after, anchor: anchorDate, calendarTimeZone: calendarTimeZone)
        else { return nil }
        var moved = self
        moved.nextFireDate = next.timeIntervalSince1970
        return moved
    }
}

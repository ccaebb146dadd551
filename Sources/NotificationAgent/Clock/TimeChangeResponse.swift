import Foundation

/// What the agent does about a ``TimeChange``: the pure decision, so that it is tested without
/// changing the machine's clock.
package enum TimeChangeResponse: Sendable, Equatable {
    /// Measure the wait to the next fire date again from the wall clock, and re-arm the timer
    /// (what is now due fires at once).
    case rearmTimer
    /// Move the floating calendar matches to `zone` in the store
    /// (`PendingTable.follow(zone:now:)`), then re-arm the timer.
    case moveCalendarMatches(to: TimeZone)

    /// The response to `change` for an agent whose schedule is in `currentZone`: a step of the
    /// clock or a wake from suspend only re-arms; a new zone moves the calendar matches unless
    /// it is the zone already in use (or unknown, when the schedule keeps its zone).
    package static func response(to change: TimeChange, currentZone: TimeZone) -> TimeChangeResponse {
        switch change {
        case .wallClockStepped, .resumedFromSleep:
            return .rearmTimer
        case .timeZoneChanged(let zone?) where zone.identifier != currentZone.identifier:
            return .moveCalendarMatches(to: zone)
        case .timeZoneChanged:
            return .rearmTimer
        }
    }
}

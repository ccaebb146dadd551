import Foundation

/// A change in the time the machine lives in, one that a timer measured on the monotonic clock
/// cannot see: the agent's schedule is in wall-clock dates, so each one means "look again".
package enum TimeChange: Sendable, Equatable {
    /// The wall clock (`CLOCK_REALTIME`) was set: by hand, by NTP stepping it, by `date -s`.
    case wallClockStepped
    /// The system time zone changed (`/etc/localtime`, or the file `TZ` names, was replaced).
    /// Carries the new zone, or `nil` when the file names no zone this machine knows.
    case timeZoneChanged(TimeZone?)
    /// The machine woke from suspend (logind's `PrepareForSleep(false)`).
    case resumedFromSleep
}

import Foundation
import NotificationAgentClient

/// The wire's `TriggerRecord` ↔ the scheduler's `ScheduledTrigger`.
extension ScheduledTrigger {
    package init(_ record: TriggerRecord) {
        switch record {
        case .timeInterval(let seconds, let repeats):
            self = .timeInterval(seconds: seconds, repeats: repeats)
        case .calendar(let c, let repeats):
            self = .calendar(
                components: CalendarMatch(
                    year: c.year, month: c.month, day: c.day, hour: c.hour, minute: c.minute, second: c.second,
                    weekday: c.weekday, timeZoneIdentifier: c.timeZone),
                repeats: repeats)
        }
    }

    package var record: TriggerRecord {
        switch self {
        case .timeInterval(let seconds, let repeats):
            return .timeInterval(seconds: seconds, repeats: repeats)
        case .calendar(let m, let repeats):
            return .calendar(
                TriggerRecord.CalendarComponents(
                    year: m.year, month: m.month, day: m.day, hour: m.hour, minute: m.minute, second: m.second,
                    weekday: m.weekday, timeZone: m.timeZoneIdentifier),
                repeats: repeats)
        }
    }
}

import Foundation

/// Apple's triggers ↔ the wire's `TriggerRecord`.
extension TriggerRecord {
    /// Apple's trigger on the wire; `nil` for a push trigger (deliver now) or none.
    package init?(_ trigger: UNNotificationTrigger?) {
        switch trigger {
        case let interval as UNTimeIntervalNotificationTrigger:
            self = .timeInterval(seconds: interval.timeInterval, repeats: interval.repeats)
        case let calendar as UNCalendarNotificationTrigger:
            let c = calendar.dateComponents
            func value(_ v: Int?) -> Int? { v == NSDateComponentUndefined ? nil : v }
            self = .calendar(
                CalendarComponents(
                    year: value(c.year), month: value(c.month), day: value(c.day), hour: value(c.hour),
                    minute: value(c.minute), second: value(c.second), weekday: value(c.weekday),
                    timeZone: c.timeZone?.identifier),
                repeats: calendar.repeats)
        default:
            return nil
        }
    }

    /// Apple's trigger for this record (for the pending list).
    package var trigger: UNNotificationTrigger {
        switch self {
        case .timeInterval(let seconds, let repeats):
            return UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: repeats)
        case .calendar(let c, let repeats):
            var components = DateComponents()
            (components.year, components.month, components.day) = (c.year, c.month, c.day)
            (components.hour, components.minute, components.second, components.weekday) = (
                c.hour, c.minute, c.second, c.weekday
            )
            components.timeZone = c.timeZone.flatMap(TimeZone.init(identifier:))
            return UNCalendarNotificationTrigger(dateMatching: components, repeats: repeats)
        }
    }
}

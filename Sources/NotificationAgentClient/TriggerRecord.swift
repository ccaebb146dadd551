import DBus

/// When a request is to be delivered, as it travels to the agent: the wire form of
/// `UNTimeIntervalNotificationTrigger` and `UNCalendarNotificationTrigger`.
package enum TriggerRecord: Hashable, Sendable {
    /// After `seconds`; again every `seconds` when `repeats` (at least 60, as on iOS).
    case timeInterval(seconds: Double, repeats: Bool)
    /// At the next date matching the components; again at each later match when `repeats`.
    case calendar(CalendarComponents, repeats: Bool)

    /// The furthest ahead a trigger may reach, in seconds: 100 years of 365.25 days. A longer
    /// interval, or a calendar date further ahead, is refused where it enters (the CLI, the
    /// agent's `Add`), so every date the agent keeps converts to whole seconds without trapping.
    package static let maximumSeconds: Double = 100 * 365.25 * 86_400

    /// The calendar fields to match (nil: any), and the time zone they are in (nil: the agent's).
    package struct CalendarComponents: Hashable, Sendable {
        package var year, month, day, hour, minute, second, weekday: Int?
        package var timeZone: String?

        package init(
            year: Int? = nil, month: Int? = nil, day: Int? = nil, hour: Int? = nil, minute: Int? = nil,
            second: Int? = nil, weekday: Int? = nil, timeZone: String? = nil
        ) {
            (self.year, self.month, self.day, self.hour) = (year, month, day, hour)
            (self.minute, self.second, self.weekday, self.timeZone) = (minute, second, weekday, timeZone)
        }

        static let names = ["year", "month", "day", "hour", "minute", "second", "weekday"]

        var values: [Int?] { [year, month, day, hour, minute, second, weekday] }
    }

    package var wire: [String: DBusVariant] {
        switch self {
        case .timeInterval(let seconds, let repeats):
            return ["kind": DBusVariant("interval"), "seconds": DBusVariant(seconds), "repeats": DBusVariant(repeats)]
        case .calendar(let components, let repeats):
            var result: [String: DBusVariant] = ["kind": DBusVariant("calendar"), "repeats": DBusVariant(repeats)]
            for (name, value) in zip(CalendarComponents.names, components.values) {
                if let value { result[name] = DBusVariant(Int32(clamping: value)) }
            }
            if let zone = components.timeZone { result["time-zone"] = DBusVariant(zone) }
            return result
        }
    }

    package init(wire: [String: DBusVariant]) throws {
        guard case .string(let kind)? = wire["kind"]?.value, case .boolean(let repeats)? = wire["repeats"]?.value else {
            throw AgentError(.invalidArgument, "a trigger needs 'kind' (interval or calendar) and 'repeats'")
        }
        switch kind {
        case "interval":
            guard case .double(let seconds)? = wire["seconds"]?.value else {
                throw AgentError(.invalidArgument, "an interval trigger needs 'seconds'")
            }
            guard seconds.isFinite, seconds > 0, seconds <= Self.maximumSeconds else {
                throw AgentError(
                    .invalidArgument,
                    "an interval trigger's 'seconds' is \(seconds): it must be more than 0 "
                        + "and at most \(Int64(Self.maximumSeconds)) (100 years)")
            }
            self = .timeInterval(seconds: seconds, repeats: repeats)
        case "calendar":
            func field(_ name: String) -> Int? {
                if case .int32(let value)? = wire[name]?.value { return Int(value) }
                return nil
            }
            var zone: String?
            if case .string(let identifier)? = wire["time-zone"]?.value { zone = identifier }
            self = .calendar(
                CalendarComponents(
                    year: field("year"), month: field("month"), day: field("day"), hour: field("hour"),
                    minute: field("minute"), second: field("second"), weekday: field("weekday"), timeZone: zone),
                repeats: repeats)
        default:
            throw AgentError(
                .invalidArgument, "unknown trigger kind \(AgentError.quote(kind)); use interval or calendar")
        }
    }
}

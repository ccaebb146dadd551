import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

/// `--in`, `--every`, `--at` and `--repeat` of `unotify send --app`, turned into a trigger.
///
/// - `--in DURATION`: once, after DURATION (`90`, `90s`, `3m`, `1h30m`, `2d`).
///
/// Every schedule reaches at most 100 years ahead (`TriggerRecord.maximumSeconds`).
/// - `--every DURATION`: every DURATION (at least 60 s, as on iOS).
/// - `--at TIME`: at the next `HH:MM[:SS]`, or at `YYYY-MM-DD HH:MM[:SS]` (also with `T`);
///   with `--repeat daily|weekly|monthly|yearly`, at every matching time.
enum ScheduleArguments {
    static func trigger(in inText: String?, every: String?, at: String?, repeating: String?) throws -> TriggerRecord? {
        let given = [inText, every, at].compactMap { $0 }
        guard given.count <= 1 else { throw CommandFailure("unotify: use only one of --in, --every and --at") }
        if repeating != nil, at == nil { throw CommandFailure("unotify: --repeat goes with --at") }
        if let inText { return .timeInterval(seconds: try duration(inText, option: "--in"), repeats: false) }
        if let every { return .timeInterval(seconds: try duration(every, option: "--every"), repeats: true) }
        guard let at else { return nil }
        return try calendar(at, repeating: repeating)
    }

    /// `90`, `90s`, `3m`, `1h30m`, `2d`, `1.5h`.
    static func duration(_ text: String, option: String) throws -> Double {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        var total = 0.0
        var number = ""
        for character in text.lowercased() {
            if character.isNumber || character == "." {
                number.append(character)
            } else if let unit = units[character], let value = Double(number) {
                total += value * unit
                number = ""
            } else {
                throw CommandFailure(
                    "unotify: \(option) takes a duration such as 90s, 3m, 1h30m or 2d, not \(AgentError.quote(text))")
            }
        }
        if !number.isEmpty {
            guard let value = Double(number) else {
                throw CommandFailure(
                    "unotify: \(option) takes a duration such as 90s, 3m, 1h30m or 2d, not \(AgentError.quote(text))")
            }
            total += value
        }
        guard total > 0 else { throw CommandFailure("unotify: \(option) must be longer than 0 seconds") }
        guard total <= TriggerRecord.maximumSeconds else {
            throw CommandFailure(
                "unotify: \(option) \(AgentError.quote(text)) is too far: at most 100 years "
                    + "(\(Int64(TriggerRecord.maximumSeconds / 86_400))d)")
        }
        return total
    }

    static func calendar(_ text: String, repeating: String?) throws -> TriggerRecord {
        let bad = CommandFailure(
            "unotify: --at takes HH:MM[:SS] or YYYY-MM-DD HH:MM[:SS], not \(AgentError.quote(text))")
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        guard (1...2).contains(parts.count) else { throw bad }
        let clock = parts.last.map { $0.split(separator: ":").map { Int($0) } } ?? []
        guard (2...3).contains(clock.count), let hour = clock[0], let minute = clock[1], (0..<24).contains(hour),
            (0..<60).contains(minute)
        else { throw bad }
        let second = clock.count == 3 ? clock[2] : 0
        guard let second, (0..<60).contains(second) else { throw bad }
        var components = TriggerRecord.CalendarComponents(hour: hour, minute: minute, second: second)
        var date: (year: Int, month: Int, day: Int)?
        if parts.count == 2 {
            let fields = parts[0].split(separator: "-").map { Int($0) }
            guard fields.count == 3, let year = fields[0], let month = fields[1], let day = fields[2],
                (1...12).contains(month), (1...31).contains(day)
            else { throw bad }
            date = (year, month, day)
            guard year <= today().year + 100 else {
                throw CommandFailure("unotify: --at \(AgentError.quote(text)) is too far: at most 100 years ahead")
            }
        }
        switch repeating?.lowercased() {
        case nil:
            if let date { (components.year, components.month, components.day) = (date.year, date.month, date.day) }
        case "daily":
            break
        case "weekly":
            components.weekday = weekday(of: date)
        case "monthly":
            components.day = date?.day ?? today().day
        case "yearly":
            let day = date.map { ($0.month, $0.day) } ?? (today().month, today().day)
            (components.month, components.day) = day
        case let other?:
            throw CommandFailure(
                "unotify: --repeat takes daily, weekly, monthly or yearly, not \(AgentError.quote(other))")
        }
        return .calendar(components, repeats: repeating != nil)
    }

    /// Today in local time.
    private static func today() -> (year: Int, month: Int, day: Int, weekday: Int) {
        var now = time(nil)
        var local = tm()
        localtime_r(&now, &local)
        return (Int(local.tm_year) + 1900, Int(local.tm_mon) + 1, Int(local.tm_mday), Int(local.tm_wday) + 1)
    }

    /// Apple's weekday (1 = Sunday) of a date, or of today.
    private static func weekday(of date: (year: Int, month: Int, day: Int)?) -> Int {
        guard let date else { return today().weekday }
        var fields = tm()
        fields.tm_year = Int32(date.year - 1900)
        fields.tm_mon = Int32(date.month - 1)
        fields.tm_mday = Int32(date.day)
        fields.tm_hour = 12
        _ = timegm(&fields)
        return Int(fields.tm_wday) + 1
    }
}

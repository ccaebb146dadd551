#if canImport(Glibc)
    import Glibc
#endif

/// A date as `unotify` prints it for people: ISO 8601 in the local time zone, with the zone's
/// offset (`2026-11-29T14:05:00+01:00`, as `date -Iseconds` prints it); the zone is `TZ`'s (a
/// name or `:/path`), else `/etc/localtime`'s.
enum LocalTimestamp {
    /// `seconds` since 1970, rounded down to a whole second, in local time; `nil` for a date the C
    /// library cannot convert (not finite, or beyond the years a `tm` holds).
    static func iso8601(secondsSince1970 seconds: Double) -> String? {
        guard seconds.isFinite, let whole = Int(exactly: seconds.rounded(.down)) else { return nil }
        var time = time_t(whole)
        var fields = tm()
        tzset()
        guard localtime_r(&time, &fields) != nil else { return nil }
        let offset = Int(fields.tm_gmtoff)
        let date = "\(year(Int(fields.tm_year) + 1900))-\(two(Int(fields.tm_mon) + 1))-\(two(Int(fields.tm_mday)))"
        let clock = "\(two(Int(fields.tm_hour))):\(two(Int(fields.tm_min))):\(two(Int(fields.tm_sec)))"
        let zone = "\(offset < 0 ? "-" : "+")\(two(abs(offset) / 3600)):\(two(abs(offset) % 3600 / 60))"
        return date + "T" + clock + zone
    }

    /// A number of two digits or more, with a leading zero below 10.
    private static func two(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }

    /// A year of four digits or more (`0987`), with its sign before year 0.
    private static func year(_ number: Int) -> String {
        let digits = String(abs(number))
        return (number < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

import Foundation

/// The zone the agent matches calendar triggers without a zone of their own in, read as the C
/// library reads it: `TZ` naming a zone (`Asia/Tokyo`, `:Asia/Tokyo`) is that zone; `TZ`
/// naming a file (`:/path`, `/path`), or unset or empty, is the zone that file defines
/// (`/etc/localtime` by default), a link or a copy (``ZoneInfoFile``). Anything else (a POSIX
/// rule such as `JST-9`, a file naming no known zone) falls back to `TimeZone.current`.
///
/// Not `TimeZone.current` alone: Foundation ignores `TZ=:/path`, names a copied
/// `/etc/localtime` by its abbreviation (`EST` for a copy of `America/New_York`: no daylight
/// saving time), and keeps the zone it read first for the life of the process.
package enum LocalTimeZone {
    /// The local zone now.
    package static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> TimeZone {
        if let file = TimeChangeMonitor.systemTimeZoneFile(environment: environment) {
            if let identifier = ZoneInfoFile.identifier(
                at: file, zoneInfo: ZoneInfoFile.directory(environment: environment)),
                let zone = TimeZone(identifier: identifier)
            {
                return zone
            }
        } else if let name = environment["TZ"],
            let zone = TimeZone(identifier: name.hasPrefix(":") ? String(name.dropFirst()) : name)
        {
            return zone
        }
        return TimeZone.current
    }
}

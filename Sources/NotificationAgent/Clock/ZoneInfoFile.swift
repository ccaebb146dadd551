import Foundation

/// Names the zone a time-zone file defines (`/etc/localtime`, or the file `TZ` names), whether
/// it is a link into the zoneinfo directory or a copy of one of its files (as containers and
/// some distributions have it).
///
/// Foundation cannot be asked: `TimeZone.current` ignores `TZ=:/path`, is read once per
/// process, and names a copied file by its abbreviation (a copy of `America/New_York` gives
/// `EST`, a zone without daylight saving time).
enum ZoneInfoFile {
    /// The zoneinfo directory: `TZDIR` when set, else `/usr/share/zoneinfo`.
    static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
    }

    /// The zone `path` defines, e.g. `Europe/Paris`; `nil` when it is missing or no zone known
    /// here. A link names it by its target (the part after `zoneinfo/`). A copy (a TZif file)
    /// is named by the file `timezone` beside it when that names a zone whose file has the
    /// same bytes (Debian's `/etc/timezone`), else by the file of `zoneInfo` that has them.
    static func identifier(at path: String, zoneInfo: String = directory()) -> String? {
        // try?: not a link: the zone is named by the files looked at below
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path),
            let range = target.range(of: "zoneinfo/", options: .backwards)
        {
            let identifier = String(target[range.upperBound...])
            if TimeZone(identifier: identifier) != nil { return identifier }
        }
        guard let bytes = FileManager.default.contents(atPath: path), bytes.starts(with: Data("TZif".utf8)) else {
            return nil
        }
        let beside = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("timezone").path
        // try?: no /etc/timezone: the zone is named by the files looked at below
        if let named = try? String(contentsOfFile: beside, encoding: .utf8) {
            let identifier = named.trimmingCharacters(in: .whitespacesAndNewlines)
            if !identifier.isEmpty, !identifier.contains(".."), TimeZone(identifier: identifier) != nil,
                FileManager.default.contents(atPath: zoneInfo + "/" + identifier) == bytes
            {
                return identifier
            }
        }
        return identifier(of: bytes, in: zoneInfo)
    }

    /// The zone whose file under `zoneInfo` has `bytes`: one named Area/City first, then the
    /// first by name (Debian links an alias to its zone, so there is usually one). The
    /// `posix/` and `right/` trees are left out. About 900 files looked at by size, a few read.
    static func identifier(of bytes: Data, in zoneInfo: String) -> String? {
        guard let files = FileManager.default.enumerator(atPath: zoneInfo) else { return nil }
        var found: [String] = []
        while let name = files.nextObject() as? String {
            guard let attributes = files.fileAttributes else { continue }
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                if name == "posix" || name == "right" { files.skipDescendants() }
                continue
            }
            guard attributes[.type] as? FileAttributeType == .typeRegular,
                (attributes[.size] as? NSNumber)?.intValue == bytes.count,
                FileManager.default.contents(atPath: zoneInfo + "/" + name) == bytes,
                TimeZone(identifier: name) != nil
            else { continue }
            found.append(name)
        }
        return found.min { ($0.contains("/") ? 0 : 1, $0) < ($1.contains("/") ? 0 : 1, $1) }
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The scheduled notifications the server already has, appended one line each the moment the
/// server answers `Notify` for it: `fired.journal` beside `pending.json`.
///
/// `pending.json` keeps a notification in `firing` until a save without it is on disk, and
/// that save takes milliseconds; an agent killed meanwhile would fire it again when it starts.
/// The journal closes that window: a `write` to it reaches the kernel at once and survives the
/// process (no `fsync`: a power cut may lose it, and then the notification is shown again,
/// never lost). At start the agent skips what the journal names and clears it once `pending.json`
/// agrees. Each line is a JSON array `[app, identifier, nextFireDate]`.
package struct FiredJournal: Sendable {
    /// One fired notification: the occurrence's key and date.
    package struct Entry: Hashable, Sendable, Codable {
        package let app: String
        package let identifier: String
        package let fireDate: Double

        package init(app: String, identifier: String, fireDate: Double) {
            self.app = app
            self.identifier = identifier
            self.fireDate = fireDate
        }

        package init(from decoder: any Decoder) throws {
            var fields = try decoder.unkeyedContainer()
            app = try fields.decode(String.self)
            identifier = try fields.decode(String.self)
            fireDate = try fields.decode(Double.self)
            guard fields.isAtEnd else {
                throw DecodingError.dataCorruptedError(in: fields, debugDescription: "more than three fields")
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var fields = encoder.unkeyedContainer()
            try fields.encode(app)
            try fields.encode(identifier)
            try fields.encode(fireDate)
        }
    }

    package let url: URL

    package init(directory: URL) {
        url = directory.appendingPathComponent("fired.journal", isDirectory: false)
    }

    /// Appends `notification`; `false` when it could not be written (then it may be shown again
    /// after a crash, as without the journal).
    @discardableResult
    package func record(_ notification: PendingNotification) -> Bool {
        let line = Self.line(
            Entry(
                app: notification.app, identifier: notification.identifier,
                fireDate: notification.nextFireDate))
        return PrivateFileSystem.append(Array(line.utf8), to: url.path)
    }

    /// Every entry written since the journal was last cleared; none when there is no journal or
    /// it cannot be read (a line that is not a whole entry, the last one after a crash, is skipped).
    package func load() -> Set<Entry> {
        // try?: no journal yet (or unreadable) means nothing was fired in flight
        guard let bytes = try? PrivateFileSystem.read(url.path, limit: 64 << 20) else { return [] }
        // `JSONDecoder`, not `JSONSerialization`: on Linux the latter reads about half of all
        // dates back one bit off, and an entry read so names no notification.
        let decoder = JSONDecoder()
        return Set(
            // try?: a torn last line after a crash is skipped, as documented above
            bytes.split(separator: UInt8(ascii: "\n")).compactMap { try? decoder.decode(Entry.self, from: Data($0)) })
    }

    /// Whether the journal names `notification` (this occurrence of it).
    package static func contains(_ entries: Set<Entry>, _ notification: PendingNotification) -> Bool {
        entries.contains(
            Entry(
                app: notification.app, identifier: notification.identifier,
                fireDate: notification.nextFireDate))
    }

    /// Empties the journal (after `pending.json` was saved without what it names).
    package func clear() {
        _ = unlink(url.path)
    }

    private static func line(_ entry: Entry) -> String {
        // try?: an entry of strings and numbers always encodes
        guard let data = try? JSONEncoder().encode(entry) else { return "\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

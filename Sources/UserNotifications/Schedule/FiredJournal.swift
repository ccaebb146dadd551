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
    package struct Entry: Hashable, Sendable {
        package let app: String
        package let identifier: String
        package let fireDate: Double
    }

    package let url: URL

    package init(directory: URL) {
        url = directory.appendingPathComponent("fired.journal", isDirectory: false)
    }

    /// Appends `notification`; `false` when it could not be written (then it may be shown again
    /// after a crash, as without the journal).
    @discardableResult
    package func record(_ notification: PendingNotification) -> Bool {
        let line = Self.line(Entry(app: notification.app, identifier: notification.identifier,
                                   fireDate: notification.nextFireDate))
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count
    }

    /// Every entry written since the journal was last cleared; none when there is no journal or
    /// it cannot be read (a line that is not a whole entry, the last one after a crash, is skipped).
    package func load() -> Set<Entry> {
        guard let bytes = try? SettingsFileSystem.read(url.path, limit: 64 << 20) else { return [] }
        var entries = Set<Entry>()
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let fields = try? JSONSerialization.jsonObject(with: Data(line)) as? [Any], fields.count == 3,
                let app = fields[0] as? String, let identifier = fields[1] as? String,
                let date = (fields[2] as? NSNumber)?.doubleValue
            else { continue }
            entries.insert(Entry(app: app, identifier: identifier, fireDate: date))
        }
        return entries
    }

    /// Whether the journal names `notification` (this occurrence of it).
    package static func contains(_ entries: Set<Entry>, _ notification: PendingNotification) -> Bool {
        entries.contains(Entry(app: notification.app, identifier: notification.identifier,
                               fireDate: notification.nextFireDate))
    }

    /// Empties the journal (after `pending.json` was saved without what it names).
    package func clear() {
        _ = unlink(url.path)
    }

    private static func line(_ entry: Entry) -> String {
        let fields: [Any] = [entry.app, entry.identifier, entry.fireDate]
        guard let data = try? JSONSerialization.data(withJSONObject: fields) else { return "\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

import Foundation

/// The push messages the agent has taken, by token and message id, appended one line each the
/// moment a message arrives: `push-seen.journal` beside `push.json`.
///
/// A distributor sends a message again when it holds no acknowledgement for it: after it
/// reconnects, or when the agent died while it handled the message (the acknowledgement is the
/// reply, sent after the notification is shown). Kept only in memory, the ids of the messages
/// before a restart were forgotten, and such a message was shown twice. The line is written
/// before the message is decrypted or shown; a `write` reaches the kernel at once and survives
/// the process (no `fsync`: a power cut may lose it, and the notification with it). Each line
/// is a JSON array `[token, id]`. The file is rewritten with the newest
/// ``RecentMessageIDs/capacity`` entries when it holds twice as many, so it stays bounded.
struct SeenPushJournal {
    let url: URL
    private let directory: URL
    /// Lines in the file (counted at load, then one per append).
    private var lines = 0

    init(directory: URL) {
        self.directory = directory
        url = directory.appendingPathComponent("push-seen.journal", isDirectory: false)
    }

    /// The recent messages the journal names, oldest first, at most `capacity` of them; none
    /// when there is no journal or it cannot be read (a line that is not a whole entry, the last
    /// one after a crash, is skipped).
    mutating func load(capacity: Int) -> RecentMessageIDs {
        var recent = RecentMessageIDs(capacity: capacity)
        // try?: no journal yet (or unreadable) means no message seen: at worst one is shown twice
        guard let bytes = try? PrivateFileSystem.read(url.path, limit: 64 << 20) else { return recent }
        let decoder = JSONDecoder()
        let entries = bytes.split(separator: UInt8(ascii: "\n"))
        lines = entries.count
        for entry in entries.suffix(capacity) {
            // try?: a torn last line after a crash is skipped, as documented
            guard let fields = try? decoder.decode([String].self, from: Data(entry)), fields.count == 2 else {
                continue
            }
            _ = recent.insert(Self.key(token: fields[0], id: fields[1]))
        }
        return recent
    }

    /// Appends the message; `false` when it could not be written (then a replay after a restart
    /// is not recognised, as without the journal). Then rewrites the file with `recent`'s
    /// entries (the message's among them) when it has grown to twice their capacity.
    @discardableResult
    mutating func record(token: String, id: String, recent: RecentMessageIDs) -> Bool {
        defer { if lines >= 2 * recent.capacity { compact(recent) } }
        guard let line = Self.line([token, id]) else { return false }
        guard PrivateFileSystem.append(Array(line.utf8), to: url.path) else { return false }
        lines += 1
        return true
    }

    /// The key ``RecentMessageIDs`` holds for a message.
    static func key(token: String, id: String) -> String { token + " " + id }

    /// Replaces the journal with the entries `recent` still holds.
    private mutating func compact(_ recent: RecentMessageIDs) {
        let kept = recent.oldestFirst.compactMap { key -> String? in
            guard let space = key.firstIndex(of: " ") else { return nil }
            return Self.line([String(key[..<space]), String(key[key.index(after: space)...])])
        }
        do {
            try PrivateFileSystem.writeAtomically(
                Array(kept.joined().utf8), to: url.path, in: directory.path, temporaryPrefix: ".push-seen.")
            lines = kept.count
        } catch {
            // Left as it is: it grows on, and is compacted at the next append.
        }
    }

    private static func line(_ fields: [String]) -> String? {
        // try?: two strings always encode; nil skips the line
        guard let data = try? JSONEncoder().encode(fields) else { return nil }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

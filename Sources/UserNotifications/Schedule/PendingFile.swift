/// The JSON document `pending.json` holds: `{"version":1,"pending":[…]}`.
struct PendingFile: Codable, Sendable {
    /// The format version this code writes and reads.
    static let currentVersion = 1

    /// The format version.
    var version: Int
    /// The pending notifications, earliest first.
    var pending: [PendingNotification]
}

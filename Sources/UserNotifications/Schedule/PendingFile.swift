/// The JSON document `pending.json` holds: `{"version":1,"pending":[…],"firing":[…]}`.
struct PendingFile: Codable, Sendable {
    /// The format version this code writes and reads.
    static let currentVersion = 1

    /// The format version.
    var version: Int
    /// The pending notifications, earliest first.
    var pending: [PendingNotification]
    /// The notifications taken out of the schedule to be fired and not yet handed to the
    /// server; absent in files written before it existed. An agent that starts and finds some
    /// fires them at once: a crash between the moment and the server's answer loses nothing.
    var firing: [PendingNotification]?
}

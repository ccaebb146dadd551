import Foundation
import GRDB

/// The push messages taken while `push.json` could not be read, kept in the agent's store
/// (``AgentDatabase``) until it can: oldest first, bounded as a whole by ``maximumCount``
/// messages and ``maximumBytes`` bytes, counting everything a message keeps (token, id, body
/// and the distributor names), the oldest dropped first. A message larger than the bound alone
/// is not kept.
///
/// Each change is one transaction; the store is opened on first use.
struct WaitingPushTable: Sendable {
    /// At most this many messages wait.
    static let maximumCount = 64
    /// At most this many bytes (128 KiB) wait, everything counted as kept: 23 messages of Web
    /// Push's largest body (4 096 bytes, 5 462 in base64url) with their token, id and names.
    static let maximumBytes = 131_072
    /// At most this many distributor names are kept with a message (a distributor owns one or
    /// two; a sender owning more is not taken at its word).
    static let maximumDistributors = 16

    /// The state directory.
    let directory: URL

    /// Where the messages are, for messages to the user.
    var path: String { directory.appendingPathComponent(AgentDatabase.fileName).path }

    /// The bytes `message` counts for.
    static func bytes(of message: WaitingPushMessage) -> Int {
        message.token.utf8.count + message.id.utf8.count + message.body.utf8.count
            + message.distributors.reduce(0) { $0 + $1.utf8.count + 1 }
    }

    /// Adds `message` last (unless it waits already: a distributor sent it again), then drops
    /// the oldest while over a bound; returns those dropped.
    ///
    /// - Throws: ``StoreError`` when the store cannot be written, or the message alone is over
    ///   the bounds (nothing is kept then).
    func append(_ message: WaitingPushMessage) throws(StoreError) -> [WaitingPushMessage] {
        let size = Self.bytes(of: message)
        guard size <= Self.maximumBytes, message.distributors.count <= Self.maximumDistributors else {
            throw StoreError(
                .unencodable(
                    "a message of \(size) bytes with \(message.distributors.count) distributor names is over the "
                        + "bounds of the waiting messages (\(Self.maximumBytes) bytes, "
                        + "\(Self.maximumDistributors) names)"), path: path, kind: .pushWaiting)
        }
        return try AgentDatabase.shared(in: directory).writeNow { db in
            let known =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM pushWaiting WHERE token = ? AND id = ? AND body = ?",
                    arguments: [message.token, message.id, message.body]) ?? 0
            guard known == 0 else { return [] }
            try db.execute(
                sql: "INSERT INTO pushWaiting (token, id, body, distributors, bytes) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    message.token, message.id, message.body, message.distributors.joined(separator: "\n"), size,
                ])
            var dropped: [WaitingPushMessage] = []
            while true {
                let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM pushWaiting") ?? 0
                let total = try Int.fetchOne(db, sql: "SELECT coalesce(sum(bytes), 0) FROM pushWaiting") ?? 0
                guard count > Self.maximumCount || total > Self.maximumBytes,
                    let oldest = try Row.fetchOne(db, sql: "SELECT * FROM pushWaiting ORDER BY seq LIMIT 1")
                else { break }
                try db.execute(sql: "DELETE FROM pushWaiting WHERE seq = ?", arguments: [oldest["seq"] as Int64])
                dropped.append(Self.message(oldest))
            }
            return dropped
        }
    }

    /// The oldest waiting message, or nil.
    func first() throws(StoreError) -> WaitingPushMessage? {
        try AgentDatabase.shared(in: directory).readNow { db in
            try Row.fetchOne(db, sql: "SELECT * FROM pushWaiting ORDER BY seq LIMIT 1").map(Self.message)
        }
    }

    /// Every waiting message, oldest first.
    func all() throws(StoreError) -> [WaitingPushMessage] {
        try AgentDatabase.shared(in: directory).readNow { db in
            try Row.fetchAll(db, sql: "SELECT * FROM pushWaiting ORDER BY seq").map(Self.message)
        }
    }

    /// How many messages wait.
    func count() throws(StoreError) -> Int {
        try AgentDatabase.shared(in: directory).readNow { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM pushWaiting") ?? 0
        }
    }

    /// The bytes the waiting messages count for, in all.
    func totalBytes() throws(StoreError) -> Int {
        try AgentDatabase.shared(in: directory).readNow { db in
            try Int.fetchOne(db, sql: "SELECT coalesce(sum(bytes), 0) FROM pushWaiting") ?? 0
        }
    }

    /// Takes `message` out (the oldest equal one), once it has been delivered or dropped.
    func remove(_ message: WaitingPushMessage) throws(StoreError) {
        try AgentDatabase.shared(in: directory).writeNow { db in
            try db.execute(
                sql: """
                    DELETE FROM pushWaiting WHERE seq = (SELECT min(seq) FROM pushWaiting
                    WHERE token = ? AND id = ? AND body = ?)
                    """, arguments: [message.token, message.id, message.body])
        }
    }

    private static func message(_ row: Row) -> WaitingPushMessage {
        let names: String = row["distributors"]
        return WaitingPushMessage(
            token: row["token"], id: row["id"], body: row["body"],
            distributors: names.isEmpty ? [] : names.split(separator: "\n").map(String.init))
    }
}

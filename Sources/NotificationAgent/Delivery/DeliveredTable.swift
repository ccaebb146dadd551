import Foundation
import FreedesktopNotifications
import GRDB

/// The delivered notifications in the agent's store (``AgentDatabase``), so that an agent that
/// restarted (a crash, SIGKILL, an upgrade, another process taking over) still replaces a
/// notification by its identifier and removes it, on the server connection that still shows
/// it, instead of showing a second one. One row per notification, per session; each batch of
/// changes (``DeliveredChange``) is one transaction, whatever the number delivered.
struct DeliveredTable: Sendable {
    /// The state directory.
    let directory: URL

    /// The store's path, for messages.
    var path: String { directory.appendingPathComponent(AgentDatabase.fileName).path }

    /// The notifications `session`'s agents left delivered.
    ///
    /// - Throws: ``StoreError`` when the store cannot be read.
    func load(session: String) throws(StoreError) -> [StoredDelivered] {
        let records = try AgentDatabase.shared(in: directory).readNow { db in
            try Data.fetchAll(
                db, sql: "SELECT record FROM delivered WHERE session = ? ORDER BY date", arguments: [session])
        }
        let decoder = JSONDecoder()
        return try records.map { (record) throws(StoreError) in
            do {
                return try decoder.decode(StoredDelivered.self, from: record)
            } catch {
                throw StoreError(
                    .corrupt("a delivered notification cannot be read: \(error)"), path: path, kind: .store)
            }
        }
    }

    /// Records `changes`, in order, for `session`, in one transaction.
    func apply(_ changes: [DeliveredChange], session: String) async throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var rows: [(change: DeliveredChange, record: Data?)] = []
        for change in changes {
            guard case .added(let notification, let id) = change else {
                rows.append((change, nil))
                continue
            }
            do {
                rows.append((change, try encoder.encode(StoredDelivered(notification, at: id))))
            } catch {
                throw StoreError(.unencodable("\(error)"), path: path, kind: .store)
            }
        }
        let batch = rows
        try await AgentDatabase.shared(in: directory).write { db in
            for (change, record) in batch {
                switch change {
                case .added(let notification, let id):
                    try db.execute(
                        sql: """
                            INSERT OR REPLACE INTO delivered (session, owner, id, app, date, record)
                            VALUES (?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            session, id.owner, Int64(id.id.rawValue), notification.app,
                            notification.date.timeIntervalSince1970, record,
                        ])
                case .removed(let id):
                    try db.execute(
                        sql: "DELETE FROM delivered WHERE session = ? AND owner = ? AND id = ?",
                        arguments: [session, id.owner, Int64(id.id.rawValue)])
                case .forgotOwner(let owner):
                    try db.execute(
                        sql: "DELETE FROM delivered WHERE session = ? AND owner = ?", arguments: [session, owner])
                }
            }
        }
    }

    /// How many notifications `session` has delivered in the store.
    func count(session: String) throws(StoreError) -> Int {
        try AgentDatabase.shared(in: directory).readNow { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM delivered WHERE session = ?", arguments: [session]) ?? 0
        }
    }
}

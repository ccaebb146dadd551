import Foundation
import GRDB

/// The agent's store (`unotify.db` in a state directory) as a test reads and changes it behind
/// the agents' backs: what a crash or another process leaves there. Each call opens the
/// database on its own connection (WAL mode: the agents' transactions go on meanwhile).
public struct AgentStoreFile: Sendable {
    /// The database's path.
    public let path: String

    /// The store in `directory` (the agent's `XDG_STATE_HOME/unotify`).
    public init(directory: URL) {
        path = directory.appendingPathComponent("unotify.db").path
    }

    /// Whether the agent has made it.
    public var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// The rows of `table`, each column's value as stored, in the table's order.
    public func rows(of table: String) throws -> [[String: DatabaseValue]] {
        let queue = try DatabaseQueue(path: path)
        // try?: a close that fails leaves a test connection behind, which the process ends with
        defer { try? queue.close() }
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY rowid").map { row in
                Dictionary(uniqueKeysWithValues: row.columnNames.map { ($0, row[$0] ?? .null) })
            }
        }
    }

    /// A stored value as text: a text or UTF-8 blob column's, or nil.
    public static func text(_ value: DatabaseValue?) -> String? {
        guard let value else { return nil }
        if let text = String.fromDatabaseValue(value) { return text }
        return Data.fromDatabaseValue(value).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Puts `rows` (from ``rows(of:)``) back into `table`, as they were.
    public func insert(_ rows: [[String: DatabaseValue]], into table: String) throws {
        let queue = try DatabaseQueue(path: path)
        // try?: a close that fails leaves a test connection behind, which the process ends with
        defer { try? queue.close() }
        try queue.write { db in
            for row in rows {
                let columns = row.keys.sorted()
                let arguments = StatementArguments(columns.map { row[$0] ?? .null })
                try db.execute(
                    sql: "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
                        + "(\(columns.map { _ in "?" }.joined(separator: ", ")))",
                    arguments: arguments)
            }
        }
    }
}

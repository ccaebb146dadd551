import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#endif

/// The delivered notifications of unotify 0.1 and 0.2 (`delivered.json`), imported into the
/// store once, for the session of the agent that finds them, then moved to `imported/`.
enum DeliveredImport {
    /// The fact that records the import.
    static let fact = "imported.delivered"

    /// Imports `delivered.json` in `directory` into `database` for `session`, unless done
    /// already; returns what went wrong, for the log (a file that cannot be read is left as it is).
    static func run(directory: URL, database: AgentDatabase, session: String) -> StoreError? {
        let file = DocumentFile<DeliveredFile>(directory: directory, prettyPrinted: false)
        guard FileManager.default.fileExists(atPath: file.url.path) else { return nil }
        do {
            let entries = try file.load().notifications
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            var rows: [(StoredDelivered, Data)] = []
            for entry in entries {
                do {
                    rows.append((entry, try encoder.encode(entry)))
                } catch {
                    throw StoreError(.unencodable("\(error)"), path: file.url.path, kind: .delivered)
                }
            }
            let batch = rows
            try database.writeNow { db in
                guard try AgentDatabase.fact(fact, in: db) == nil else { return }
                for (entry, record) in batch {
                    try db.execute(
                        sql: """
                            INSERT OR IGNORE INTO delivered (session, owner, id, app, date, record)
                            VALUES (?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            session, entry.owner, Int64(entry.id), entry.app, entry.date.timeIntervalSince1970, record,
                        ])
                }
                try AgentDatabase.setFact(fact, "delivered.json version 1", in: db)
            }
            let aside = directory.appendingPathComponent("imported", isDirectory: true)
            try PrivateFileSystem.makePrivateDirectory(aside.path)
            if rename(file.url.path, aside.appendingPathComponent(DeliveredFile.fileName).path) != 0, errno != ENOENT {
                return StoreError(
                    .unwritable(operation: "moving it to \(aside.path)", errno: errno), path: file.url.path)
            }
            return nil
        } catch let error as StoreError {
            return error
        } catch {
            return StoreError(.database("\(error)"), path: file.url.path, kind: .delivered)
        }
    }
}

import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#endif

/// The waiting push messages of unotify 0.1 and 0.2 (`push-waiting.json`), imported into the
/// store once, then moved to `imported/`.
enum WaitingPushImport {
    /// The fact that records the import.
    static let fact = "imported.push-waiting"

    /// Imports `push-waiting.json` in `directory` into `database`, unless done already; returns
    /// what went wrong for the log (a file that cannot be read is left as it is).
    static func run(directory: URL, database: AgentDatabase) -> StoreError? {
        let file = DocumentFile<WaitingPushFile>(directory: directory, prettyPrinted: false)
        guard FileManager.default.fileExists(atPath: file.url.path) else { return nil }
        do {
            let messages = try file.load().messages
            try database.writeNow { db in
                guard try AgentDatabase.fact(fact, in: db) == nil else { return }
                for message in messages {
                    try db.execute(
                        sql: "INSERT INTO pushWaiting (token, id, body, distributors, bytes) VALUES (?, ?, ?, ?, ?)",
                        arguments: [
                            message.token, message.id, message.body, message.distributors.joined(separator: "\n"),
                            WaitingPushTable.bytes(of: message),
                        ])
                }
                try AgentDatabase.setFact(fact, "push-waiting.json version 1", in: db)
            }
            let aside = directory.appendingPathComponent("imported", isDirectory: true)
            try PrivateFileSystem.makePrivateDirectory(aside.path)
            if rename(file.url.path, aside.appendingPathComponent(WaitingPushFile.fileName).path) != 0, errno != ENOENT
            {
                return StoreError(
                    .unwritable(operation: "moving it to \(aside.path)", errno: errno), path: file.url.path)
            }
            return nil
        } catch {
            return error
        }
    }
}

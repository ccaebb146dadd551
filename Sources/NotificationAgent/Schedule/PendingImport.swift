import Foundation
import GRDB
import UserNotificationsCore

#if canImport(Glibc)
    import Glibc
#endif

/// The schedule of unotify 0.1 and 0.2 (`pending.json` and `fired.journal`), imported into the
/// store once, in one transaction, the first time a newer agent opens the state directory.
///
/// Then the old files move to `imported/` and `pending.json` is replaced by a note of format
/// version 2, which an older agent refuses as "written by a newer unotify" rather than
/// reading as an empty schedule (and overwriting it).
enum PendingImport {
    /// The format version of the note left as `pending.json`.
    static let noteVersion = 2
    /// The fact that records the import.
    static let fact = "imported.pending"

    /// Imports the old files in `directory` into `database`, for `session`, unless done already.
    ///
    /// - Throws: ``StoreError`` when `pending.json` cannot be read (corrupt, unreadable, newer
    ///   than 1 and not the note): it is left as it is, and nothing is imported.
    static func run(directory: URL, database: AgentDatabase, session: String) throws(StoreError) {
        let store = PendingStore(directory: directory)
        let path = store.fileURL.path
        guard let bytes = try PrivateFileSystem.read(path) else { return }
        // try?: a file that is not a versioned document is reported by `loadAll` below
        let version = (try? JSONDecoder().decode(StoredDocumentVersion.self, from: Data(bytes)))?.version
        if version == noteVersion { return }
        let imported = try database.readNow { db in try AgentDatabase.fact(fact, in: db) } != nil
        if !imported {
            let old = try store.loadAll()
            let journal = FiredJournal(directory: directory)
            let shown = journal.load()
            var records: [(PendingNotification, Data)] = []
            for pending in old.pending { records.append((pending, try PendingTable.encode(pending))) }
            var firing: [(PendingNotification, Data)] = []
            for pending in old.firing where !FiredJournal.contains(shown, pending) {
                firing.append((pending, try PendingTable.encode(pending)))
            }
            let zone = old.timeZone
            try database.writeNow { db in
                // A second agent may have imported meanwhile.
                guard try AgentDatabase.fact(fact, in: db) == nil else { return }
                for (pending, record) in records {
                    try PendingTable.insert(pending, record: record, session: session, in: db, replacing: false)
                }
                // Being shown when the old agent stopped: claimed by no running host, so the
                // first agent to look shows them.
                for (pending, record) in firing {
                    try db.execute(
                        sql: """
                            INSERT OR IGNORE INTO firing (app, identifier, session, host, fireDate, record)
                            VALUES (?, ?, ?, 'imported', ?, ?)
                            """,
                        arguments: [pending.app, pending.identifier, session, pending.nextFireDate, record])
                }
                if let zone, try AgentDatabase.fact("timeZone", in: db) == nil {
                    try AgentDatabase.setFact("timeZone", zone, in: db)
                }
                try AgentDatabase.setFact(fact, "pending.json version 1", in: db)
            }
        }
        try moveAside(directory: directory)
    }

    /// Moves the old files to `imported/` and leaves the note in their place.
    private static func moveAside(directory: URL) throws(StoreError) {
        let aside = directory.appendingPathComponent("imported", isDirectory: true)
        try PrivateFileSystem.makePrivateDirectory(aside.path)
        for name in ["fired.journal", "pending.json"] {
            let from = directory.appendingPathComponent(name).path
            let to = aside.appendingPathComponent(name).path
            if rename(from, to) != 0, errno != ENOENT {
                throw StoreError(.unwritable(operation: "moving it to \(aside.path)", errno: errno), path: from)
            }
        }
        let note = """
            {"version":\(noteVersion),"movedTo":"\(AgentDatabase.fileName)","note":"this unotify keeps \
            the schedule in \(AgentDatabase.fileName); the old file is in imported/"}

            """
        try PrivateFileSystem.writeAtomically(
            Array(note.utf8), to: directory.appendingPathComponent("pending.json").path, in: directory.path,
            temporaryPrefix: PendingStore.temporaryPrefix)
    }
}

import Foundation
import GRDB
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The agent's store: one SQLite database, `unotify.db` in the state directory, that every
/// process hosting the agent opens at once (`unotifyd`, an app running alone, another session's
/// agent on the same home directory).
///
/// - WAL mode: readers never wait for the writer; writers, in this process or others, take
///   turns (GRDB begins every write `IMMEDIATE`, waiting at most ``patience`` for another process's transaction).
/// - `synchronous = FULL`: a transaction that returned is on disk. Crash safety (a process
///   killed mid-write, a power cut) comes from SQLite's journal, not from renames of our own.
/// - The directory is made 0700 and the database's files 0600.
/// - The schema's version is SQLite's `user_version`; a database made by a newer unotify is
///   refused with a ``StoreError`` that says so, and left as it is.
///
/// On Linux only: Apple's own notification center keeps its store in SQLite too, but apps never
/// see it; here it is the user's (`unotify` reads and changes it through the agent).
package final class AgentDatabase: Sendable {
    /// The database's file name in the state directory.
    package static let fileName = "unotify.db"
    /// The schema this code reads and writes.
    package static let schemaVersion = 1
    /// How long a transaction waits for another process's, in seconds.
    package static let patience: TimeInterval = 5

    /// The state directory.
    package let directory: URL
    /// The one connection of this process (transactions in turn).
    let queue: DatabaseQueue

    /// The database's path.
    package var path: String { directory.appendingPathComponent(Self.fileName).path }

    /// The store of `directory` this process shares between its parts (one connection per
    /// directory), opened on first use.
    ///
    /// - Throws: as `init(directory:)`; a failed open is tried again at the next call.
    package static func shared(in directory: URL) throws(StoreError) -> AgentDatabase {
        let key = directory.standardizedFileURL.path
        if let open = opened.withLock({ $0[key] }) { return open }
        let database = try AgentDatabase(directory: directory)
        return opened.withLock { opened in
            if let other = opened[key] { return other }
            opened[key] = database
            return database
        }
    }

    private static let opened = Mutex<[String: AgentDatabase]>([:])

    /// Opens (or makes) the store in `directory`.
    ///
    /// - Throws: ``StoreError`` naming the database when it cannot be opened or made, is not a
    ///   database, or was made by a newer unotify.
    package init(directory: URL) throws(StoreError) {
        self.directory = directory
        let path = directory.appendingPathComponent(Self.fileName).path
        try PrivateFileSystem.makePrivateDirectory(directory.path)
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(Self.patience)
        configuration.label = "unotify.db"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        // Made 0600 here (not through the umask, which is the whole process's): SQLite gives its
        // -wal and -shm files the database's own mode.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw StoreError(.unwritable(operation: "creating it", errno: errno), path: path, kind: .store)
        }
        close(descriptor)
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
            }
            try queue.write { db in try Self.makeSchema(db, path: path) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Runs `body` in one write transaction, off the caller's thread; nothing of it is kept
    /// when it throws.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await queue.write(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// `write`, committed without waiting for the disk (`synchronous = NORMAL` for this
    /// transaction): it survives the process (killed right after, the next one sees it) but a
    /// power cut may undo it. For changes whose loss shows something twice at worst, never
    /// loses it: the end of a claim once the server has the notification.
    func writeNotDurable<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError)
        -> T
    {
        do {
            return try await queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                defer {
                    // try?: a connection that cannot be set back fails its next durable write loudly
                    try? db.execute(sql: "PRAGMA synchronous = FULL")
                }
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                guard let result else { throw StoreError(.database("the transaction gave no result"), path: nil) }
                return result
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Runs `body` with a consistent view of the store, off the caller's thread.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await queue.read(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// `write` on the caller's thread (for start-up and tools).
    func writeNow<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try queue.write(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// `read` on the caller's thread.
    func readNow<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try queue.read(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// An engine's error as the user reads it.
    static func storeError(_ error: any Error, path: String) -> StoreError {
        if let database = error as? DatabaseError {
            switch database.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return StoreError(.locked(seconds: Int(patience)), path: path, kind: .store)
            case .SQLITE_NOTADB, .SQLITE_CORRUPT:
                return StoreError(.corrupt(database.message ?? "not a database"), path: path, kind: .store)
            case .SQLITE_READONLY:
                return StoreError(.readOnly(mode: 0o400), path: path, kind: .store)
            case .SQLITE_FULL:
                return StoreError(.unwritable(operation: "writing", errno: ENOSPC), path: path, kind: .store)
            case .SQLITE_CANTOPEN, .SQLITE_PERM:
                return StoreError(.unwritable(operation: "opening", errno: EACCES), path: path, kind: .store)
            default:
                return StoreError(
                    .database(database.message ?? "\(database.resultCode)"), path: path, kind: .store)
            }
        }
        return StoreError(.database("\(error)"), path: path, kind: .store)
    }
}

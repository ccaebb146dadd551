import Foundation
import GRDB
import UserNotificationsCore

/// The schedule in the agent's store (``AgentDatabase``): one row per pending notification,
/// read and written per record, and the notifications being shown, each claimed by the one
/// host that shows it.
///
/// Every change is one transaction: an add returns once it is on disk, and two processes
/// changing the schedule together lose nothing. A due notification moves from `pending` to
/// `firing` in one transaction that only one host can win (``claimDue(by:session:host:zone:)``):
/// whichever agent sees it first shows it, once.
package struct PendingTable: Sendable {
    /// The store.
    package let database: AgentDatabase

    package init(database: AgentDatabase) {
        self.database = database
    }

    // MARK: Apps' changes

    /// Keeps `pending`, added on `session`, replacing the app's pending notification with the
    /// same identifier (and one of that identifier not yet handed to the server).
    package func add(_ pending: PendingNotification, session: String) async throws(StoreError) {
        let record = try Self.encode(pending)
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM firing WHERE app = ? AND identifier = ?",
                arguments: [pending.app, pending.identifier])
            try Self.insert(pending, record: record, session: session, in: db)
        }
    }

    /// Keeps every one of `pendings`, added on `session`, in one transaction (an import, a
    /// benchmark's fill).
    package func add(contentsOf pendings: [PendingNotification], session: String) async throws(StoreError) {
        var records: [(PendingNotification, Data)] = []
        records.reserveCapacity(pendings.count)
        for pending in pendings { records.append((pending, try Self.encode(pending))) }
        let rows = records
        try await database.write { db in
            for (pending, record) in rows { try Self.insert(pending, record: record, session: session, in: db) }
        }
    }

    /// Removes the app's notifications named `identifiers` (all when empty), pending or due
    /// and not yet shown, except those in `keeping` (being handed to the server now); returns
    /// how many.
    package func remove(app: String, identifiers: [String], keeping: Set<PendingKey>) async throws(StoreError)
        -> Int
    {
        try await database.write { db in
            var removed = 0
            if identifiers.isEmpty {
                try db.execute(sql: "DELETE FROM pending WHERE app = ?", arguments: [app])
                removed += db.changesCount
                let firing = try String.fetchAll(
                    db, sql: "SELECT identifier FROM firing WHERE app = ?", arguments: [app])
                for identifier in firing where !keeping.contains(PendingKey(app: app, identifier: identifier)) {
                    try db.execute(
                        sql: "DELETE FROM firing WHERE app = ? AND identifier = ?", arguments: [app, identifier])
                    removed += db.changesCount
                }
                return removed
            }
            for identifier in Set(identifiers) {
                try db.execute(
                    sql: "DELETE FROM pending WHERE app = ? AND identifier = ?", arguments: [app, identifier])
                removed += db.changesCount
                guard !keeping.contains(PendingKey(app: app, identifier: identifier)) else { continue }
                try db.execute(
                    sql: "DELETE FROM firing WHERE app = ? AND identifier = ?", arguments: [app, identifier])
                removed += db.changesCount
            }
            return removed
        }
    }

    /// The app's pending notifications, whichever session added them: those due and not yet
    /// shown first, then the others, earliest first.
    package func pending(app: String) async throws(StoreError) -> [PendingNotification] {
        let records = try await database.read { db in
            try Data.fetchAll(db, sql: "SELECT record FROM firing WHERE app = ? ORDER BY fireDate", arguments: [app])
                + Data.fetchAll(db, sql: "SELECT record FROM pending WHERE app = ? ORDER BY fireDate", arguments: [app])
        }
        return try records.map { (record) throws(StoreError) in try decode(record) }
    }

    /// How many notifications are pending in all (due ones not yet shown included).
    package func count() async throws(StoreError) -> Int {
        try await database.read { db in
            try (Int.fetchOne(db, sql: "SELECT count(*) FROM pending") ?? 0)
                + (Int.fetchOne(db, sql: "SELECT count(*) FROM firing") ?? 0)
        }
    }

    // MARK: Firing

    /// The earliest fire date of `session`'s pending notifications, nil when it has none.
    package func nextFireDate(session: String) async throws(StoreError) -> Double? {
        try await database.read { db in
            try Double.fetchOne(db, sql: "SELECT min(fireDate) FROM pending WHERE session = ?", arguments: [session])
        }
    }

    /// Claims for `host` every notification of `session` due by `date`: each moves to
    /// `firing` (a repeating one also stays pending at its first date after `date`), in one
    /// transaction, so no other host can claim it too. Returns them, earliest first.
    package func claimDue(by date: Date, session: String, host: String, zone: TimeZone) async throws(StoreError)
        -> [PendingNotification]
    {
        let rows = try await database.write { db in
            let due = try Row.fetchAll(
                db, sql: "SELECT record FROM pending WHERE session = ? AND fireDate <= ? ORDER BY fireDate",
                arguments: [session, date.timeIntervalSince1970])
            var claimed: [PendingNotification] = []
            for row in due {
                let data: Data = row["record"]
                let pending = try Self.decode(data, path: database.path)
                if let next = pending.following(now: date, calendarTimeZone: zone) {
                    try Self.insert(next, record: try Self.encode(next), session: session, in: db)
                } else {
                    try db.execute(
                        sql: "DELETE FROM pending WHERE app = ? AND identifier = ?",
                        arguments: [pending.app, pending.identifier])
                }
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO firing (app, identifier, session, host, fireDate, record)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [pending.app, pending.identifier, session, host, pending.nextFireDate, data])
                claimed.append(pending)
            }
            return claimed
        }
        return rows
    }

    /// The server has `pending`: its claim by `host` ends, at once (committed without waiting for
    /// the disk: the window in which a host killed after the server's answer leaves the claim
    /// is one `write`). Returns whether `host` still held it.
    @discardableResult
    package func finish(_ pending: PendingNotification, host: String) async throws(StoreError) -> Bool {
        // Not waiting for the disk: the process may die right after and the next agent sees the
        // claim ended; a power cut may undo it, and then the notification is shown again.
        try await database.writeNotDurable { db in
            try db.execute(
                sql: "DELETE FROM firing WHERE app = ? AND identifier = ? AND fireDate = ? AND host = ?",
                arguments: [pending.app, pending.identifier, pending.nextFireDate, host])
            return db.changesCount > 0
        }
    }

    /// `pending`, claimed by `host`, is not due after all (the wall clock went back): it waits
    /// in the schedule again, unless it was added again meanwhile.
    package func unclaim(_ pending: PendingNotification, session: String, host: String) async throws(StoreError) {
        let record = try Self.encode(pending)
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM firing WHERE app = ? AND identifier = ? AND fireDate = ? AND host = ?",
                arguments: [pending.app, pending.identifier, pending.nextFireDate, host])
            guard db.changesCount > 0 else { return }
            try Self.insert(pending, record: record, session: session, in: db, replacing: false)
        }
    }

    /// Takes over for `host`, of `session`, what hosts that are gone left: notifications they
    /// claimed and did not finish (of this session, or of a session with no host left), which
    /// are returned to be shown now, and the pending notifications of sessions with no host
    /// left (`liveSessions` are those with one), which this session shows from now on. With
    /// `liveSessions` nil, only this session's are taken.
    package func takeOver(host: String, session: String, liveHosts: Set<String>, liveSessions: Set<String>?)
        async throws(StoreError) -> (orphans: [PendingNotification], adopted: Int)
    {
        try await database.write { db in
            let rows = try Row.fetchAll(db, sql: "SELECT app, identifier, session, host, record FROM firing")
            var orphans: [PendingNotification] = []
            for row in rows {
                let claimant: String = row["host"]
                let owner: String = row["session"]
                guard claimant != host, !liveHosts.contains(claimant),
                    owner == session || liveSessions.map({ !$0.contains(owner) }) == true
                else { continue }
                let app: String = row["app"]
                let identifier: String = row["identifier"]
                try db.execute(
                    sql: "UPDATE firing SET host = ?, session = ? WHERE app = ? AND identifier = ?",
                    arguments: [host, session, app, identifier])
                orphans.append(try Self.decode(row["record"], path: database.path))
            }
            guard let liveSessions else { return (orphans.sorted { $0.nextFireDate < $1.nextFireDate }, 0) }
            let sessions = try String.fetchAll(db, sql: "SELECT DISTINCT session FROM pending")
            var adopted = 0
            for other in sessions where other != session && !liveSessions.contains(other) {
                try db.execute(sql: "UPDATE pending SET session = ? WHERE session = ?", arguments: [session, other])
                adopted += db.changesCount
            }
            return (orphans.sorted { $0.nextFireDate < $1.nextFireDate }, adopted)
        }
    }

    // MARK: Time zones

    /// Moves the calendar matches that follow the local time zone to `zone`, when the store's
    /// dates were computed in another: each not yet due gets its first match after `now` there
    /// (one already due stays due). Returns whether any moved.
    package func follow(zone: TimeZone, now: Date) async throws(StoreError) -> Bool {
        try await database.write { db in
            let saved = try AgentDatabase.fact("timeZone", in: db)
            guard saved != zone.identifier else { return false }
            try AgentDatabase.setFact("timeZone", zone.identifier, in: db)
            guard saved != nil else { return false }
            var moved = false
            let rows = try Row.fetchAll(db, sql: "SELECT session, record FROM pending WHERE floating = 1")
            for row in rows {
                let pending = try Self.decode(row["record"], path: database.path)
                guard let next = pending.movedToZone(zone, now: now) else { continue }
                try Self.insert(next, record: try Self.encode(next), session: row["session"], in: db)
                moved = true
            }
            return moved
        }
    }

    // MARK: Records

    /// Writes `pending`'s row; with `replacing` false, a row already there for its key stays.
    static func insert(
        _ pending: PendingNotification, record: Data, session: String, in db: Database, replacing: Bool = true
    ) throws {
        try db.execute(
            sql: """
                INSERT OR \(replacing ? "REPLACE" : "IGNORE") INTO pending (app, identifier, session, fireDate, floating, record)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                pending.app, pending.identifier, session, pending.nextFireDate,
                pending.trigger.floatingCalendarMatch != nil, record,
            ])
    }

    static func encode(_ pending: PendingNotification) throws(StoreError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return try encoder.encode(pending)
        } catch {
            throw StoreError(.unencodable("\(error)"), path: nil, kind: .store)
        }
    }

    private func decode(_ record: Data) throws(StoreError) -> PendingNotification {
        try Self.decode(record, path: database.path)
    }

    static func decode(_ record: Data, path: String) throws(StoreError) -> PendingNotification {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return try decoder.decode(PendingNotification.self, from: record)
        } catch {
            throw StoreError(.corrupt("a pending notification cannot be read: \(error)"), path: path, kind: .store)
        }
    }
}

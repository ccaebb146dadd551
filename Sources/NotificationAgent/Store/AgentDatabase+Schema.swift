import GRDB

extension AgentDatabase {
    /// Makes the tables of schema ``schemaVersion`` in an empty database, and refuses one made
    /// by a newer unotify. Runs in a write transaction, so two processes starting together
    /// make it once.
    static func makeSchema(_ db: Database, path: String) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version > schemaVersion {
            throw StoreError(.futureVersion(version), path: path, kind: .store)
        }
        guard version < schemaVersion else { return }
        // The scheduled notifications: one row each, keyed as apps name them. `session` is the
        // D-Bus session the notification was added on (that session's agent shows it);
        // `floating` marks calendar matches that follow the local time zone.
        try db.execute(
            sql: """
                CREATE TABLE pending (
                    app TEXT NOT NULL,
                    identifier TEXT NOT NULL,
                    session TEXT NOT NULL,
                    fireDate DOUBLE NOT NULL,
                    floating INTEGER NOT NULL,
                    record BLOB NOT NULL,
                    PRIMARY KEY (app, identifier)
                );
                CREATE INDEX pending_by_session ON pending (session, fireDate);
                CREATE INDEX pending_floating ON pending (floating) WHERE floating = 1;
                """)
        // Notifications taken out of `pending` to be shown, claimed by one host (the process
        // that shows them), until the server has them. A claim by a host that is gone is taken
        // over by the next agent: shown at least once, never lost.
        try db.execute(
            sql: """
                CREATE TABLE firing (
                    app TEXT NOT NULL,
                    identifier TEXT NOT NULL,
                    session TEXT NOT NULL,
                    host TEXT NOT NULL,
                    fireDate DOUBLE NOT NULL,
                    record BLOB NOT NULL,
                    PRIMARY KEY (app, identifier)
                );
                """)
        // The notifications delivered and still shown, per session and server connection
        // (`owner`, its unique name on that session's bus) and the id it gave.
        try db.execute(
            sql: """
                CREATE TABLE delivered (
                    session TEXT NOT NULL,
                    owner TEXT NOT NULL,
                    id INTEGER NOT NULL,
                    app TEXT NOT NULL,
                    date DOUBLE NOT NULL,
                    record BLOB NOT NULL,
                    PRIMARY KEY (session, owner, id)
                );
                """)
        // Push messages taken while the subscriptions could not be read, oldest first (`seq`),
        // bounded as a whole (``WaitingPushTable``): `bytes` counts everything a row holds.
        try db.execute(
            sql: """
                CREATE TABLE pushWaiting (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    token TEXT NOT NULL,
                    id TEXT NOT NULL,
                    body TEXT NOT NULL,
                    distributors TEXT NOT NULL,
                    bytes INTEGER NOT NULL
                );
                """)
        // Small facts about the store as a whole: the time zone floating dates were computed
        // in, which files were imported.
        try db.execute(sql: "CREATE TABLE facts (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)")
        try db.execute(sql: "PRAGMA user_version = \(schemaVersion)")
    }

    /// The fact `name`, or nil.
    static func fact(_ name: String, in db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM facts WHERE name = ?", arguments: [name])
    }

    /// Sets the fact `name`.
    static func setFact(_ name: String, _ value: String, in db: Database) throws {
        try db.execute(
            sql:
                "INSERT INTO facts (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            arguments: [name, value])
    }
}

import Foundation
import GRDB
import NotificationAgentClient
import Testing
import TestSupport
@testable import NotificationAgent
import UserNotificationsCore

/// The store's file: private, durable, refused when newer, and the old schedule imported once.
@Suite struct AgentDatabaseTests {
    @Test func theStoreIsPrivateInWALModeWithFullSync() throws {
        let directory = try TemporaryDirectory("unotify-store")
        let database = try AgentDatabase(directory: directory.url)
        let modes = try database.readNow { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA synchronous"))
        }
        #expect(modes.0 == "wal")
        #expect(modes.1 == 2)  // FULL
        let attributes = try FileManager.default.attributesOfItem(atPath: database.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func aStoreMadeByANewerUnotifyIsRefusedAndLeftAsItIs() throws {
        let directory = try TemporaryDirectory("unotify-store")
        let database = try AgentDatabase(directory: directory.url)
        try database.writeNow { db in try db.execute(sql: "PRAGMA user_version = 99") }
        let error = #expect(throws: StoreError.self) { try AgentDatabase(directory: directory.url) }
        #expect(error?.reason == .futureVersion(99))
        #expect(error?.description.contains("newer unotify") == true, "\(String(describing: error))")
    }

    @Test func theOldScheduleIsImportedOnceAndAnOlderAgentThenRefusesTheFolder() async throws {
        let directory = try TemporaryDirectory("unotify-store")
        let now = Date().timeIntervalSince1970
        func pending(_ identifier: String, _ date: Double) -> PendingNotification {
            PendingNotification(
                app: "org.example.Tea", request: DeliveryRequest(identifier: identifier, title: identifier),
                trigger: .timeInterval(seconds: 600, repeats: false), anchor: now, nextFireDate: date)
        }
        // As 0.2.0 left it: one pending, two being fired, one of which the server already had.
        let shown = pending("shown", now - 2)
        try PendingStore(directory: directory.url).save(
            [pending("later", now + 600)], firing: [pending("unshown", now - 1), shown])
        FiredJournal(directory: directory.url).record(shown)
        let database = try AgentDatabase(directory: directory.url)
        try PendingImport.run(directory: directory.url, database: database, session: "s")
        let table = PendingTable(database: database)
        #expect(Set(try await table.pending(app: "org.example.Tea").map(\.identifier)) == ["later", "unshown"])
        let found = try await table.takeOver(host: "h", session: "s", liveHosts: ["h"], liveSessions: ["s"])
        #expect(found.orphans.map(\.identifier) == ["unshown"])
        // Once: a second run imports nothing again.
        try PendingImport.run(directory: directory.url, database: database, session: "s")
        #expect(try await table.pending(app: "org.example.Tea").count == 2)
        // The old files are aside, and the old agent's reader refuses what is left.
        let aside = directory.url.appendingPathComponent("imported")
        #expect(FileManager.default.fileExists(atPath: aside.appendingPathComponent("pending.json").path))
        #expect(FileManager.default.fileExists(atPath: aside.appendingPathComponent("fired.journal").path))
        let error = #expect(throws: StoreError.self) { try PendingStore(directory: directory.url).load() }
        #expect(error?.reason == .futureVersion(2))
    }
}

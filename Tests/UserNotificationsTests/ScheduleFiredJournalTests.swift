import Foundation
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications

/// The journal of scheduled notifications the server already has.
@Suite struct ScheduleFiredJournalTests {
    static func pending(_ identifier: String, at date: Double) -> PendingNotification {
        PendingNotification(app: "org.example.Tea", content: .init(DeliveryRequest(identifier: identifier, title: identifier)),
                            trigger: .timeInterval(seconds: 60, repeats: true), anchor: 0, nextFireDate: date)
    }

    @Test func recordedOccurrencesAreFoundUntilCleared() throws {
        let directory = try TemporaryDirectory("unotify-journal")
        let journal = FiredJournal(directory: directory.url)
        #expect(journal.load().isEmpty)
        #expect(journal.record(Self.pending("a", at: 100)))
        #expect(journal.record(Self.pending("b\n\"odd\"", at: 160.5)))
        let entries = journal.load()
        #expect(FiredJournal.contains(entries, Self.pending("a", at: 100)))
        #expect(FiredJournal.contains(entries, Self.pending("b\n\"odd\"", at: 160.5)))
        // Another occurrence of the same repeating notification is not the one that fired.
        #expect(!FiredJournal.contains(entries, Self.pending("a", at: 160)))
        journal.clear()
        #expect(journal.load().isEmpty)
    }

    @Test func aFireDateIsFoundToTheLastBit() throws {
        let directory = try TemporaryDirectory("unotify-journal")
        let journal = FiredJournal(directory: directory.url)
        let date = Date().timeIntervalSince1970 + 0.000_123_456_789
        #expect(journal.record(Self.pending("now", at: date)))
        #expect(FiredJournal.contains(journal.load(), Self.pending("now", at: date)))
        #expect(!FiredJournal.contains(journal.load(), Self.pending("now", at: date.nextUp)))
    }

    @Test func aLineCutByACrashIsSkipped() throws {
        let directory = try TemporaryDirectory("unotify-journal")
        let journal = FiredJournal(directory: directory.url)
        #expect(journal.record(Self.pending("a", at: 100)))
        let handle = try FileHandle(forWritingTo: journal.url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"["org.example.Tea","b",10"#.utf8))
        try handle.close()
        #expect(journal.load().count == 1)
    }
}

import Foundation
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// The journal of scheduled notifications the server already has.
@Suite struct ScheduleFiredJournalTests {
    static func pending(_ identifier: String, at date: Double) -> PendingNotification {
        PendingNotification(
            app: "org.example.Tea", request: DeliveryRequest(identifier: identifier, title: identifier),
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

    /// Foundation's `JSONSerialization` on Linux reads about half of all fire dates back one
    /// bit off, and then a fired notification was not found and was shown again after a crash.
    @Test func everyFireDateIsFoundToTheLastBit() throws {
        let directory = try TemporaryDirectory("unotify-journal")
        let journal = FiredJournal(directory: directory.url)
        var random = SeededRandom(seed: 10)
        let now = Date().timeIntervalSince1970
        let dates = (0..<200).map { _ in now + Double.random(in: 0..<1_000_000, using: &random) }
        for (index, date) in dates.enumerated() {
            #expect(journal.record(Self.pending("n\(index)", at: date)))
        }
        let entries = journal.load()
        let missed = dates.enumerated().filter {
            !FiredJournal.contains(entries, Self.pending("n\($0.offset)", at: $0.element))
        }.count
        #expect(missed == 0, "\(missed) of \(dates.count) fire dates read back differently")
        #expect(!FiredJournal.contains(entries, Self.pending("n0", at: dates[0].nextUp)))
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

import Foundation
import Testing
import TestSupport
@testable import NotificationAgent

/// `push-seen.journal`: the messages the agent took are still known after it restarts, the
/// file stays bounded, and a damaged or unwritable journal costs only the memory of replays.
@Suite struct SeenPushJournalTests {
    @Test func aRecordedMessageIsKnownToTheNextAgent() throws {
        let directory = try TemporaryDirectory("unotify-seen")
        var journal = SeenPushJournal(directory: directory.url)
        var recent = journal.load(capacity: 16)
        let isNew = recent.insert(SeenPushJournal.key(token: "t1", id: "m1"))
        #expect(isNew)
        let written = journal.record(token: "t1", id: "m1", recent: recent)
        #expect(written)
        var next = SeenPushJournal(directory: directory.url)
        var known = next.load(capacity: 16)
        let isNewAfterRestart = known.insert(SeenPushJournal.key(token: "t1", id: "m1"))
        #expect(!isNewAfterRestart, "a replay after a restart")
        let otherTokenIsNew = known.insert(SeenPushJournal.key(token: "t2", id: "m1"))
        #expect(otherTokenIsNew, "another token's message of that id")
    }

    @Test func theJournalIsRewrittenWithTheNewestWhenItHoldsTwiceTheCapacity() throws {
        let directory = try TemporaryDirectory("unotify-seen")
        var journal = SeenPushJournal(directory: directory.url)
        var recent = journal.load(capacity: 4)
        for number in 1...21 {
            let isNew = recent.insert(SeenPushJournal.key(token: "t", id: "m\(number)"))
            #expect(isNew)
            let written = journal.record(token: "t", id: "m\(number)", recent: recent)
            #expect(written)
        }
        let lines = try String(contentsOf: journal.url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count < 8, "bounded: \(lines.count) lines")
        var next = SeenPushJournal(directory: directory.url)
        let known = next.load(capacity: 4)
        #expect(known.oldestFirst == (18...21).map { SeenPushJournal.key(token: "t", id: "m\($0)") })
    }

    @Test func aTornLastLineAndAStrangeOneAreSkipped() throws {
        let directory = try TemporaryDirectory("unotify-seen")
        let url = directory.url.appendingPathComponent("push-seen.journal")
        try Data("[\"t\",\"m1\"]\n[\"t\",3]\nnot json\n[\"t\",\"m2\"]\n[\"t\",\"m".utf8).write(to: url)
        var journal = SeenPushJournal(directory: directory.url)
        let known = journal.load(capacity: 16)
        #expect(known.oldestFirst == ["t m1", "t m2"])
    }

    @Test func aJournalThatCannotBeWrittenSaysSo() throws {
        let directory = try TemporaryDirectory("unotify-seen")
        // A directory where the journal should be: neither readable nor appendable as a file.
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("push-seen.journal"), withIntermediateDirectories: false)
        var journal = SeenPushJournal(directory: directory.url)
        var recent = journal.load(capacity: 16)
        #expect(recent.count == 0)
        let isNew = recent.insert("t m1")
        #expect(isNew)
        let written = journal.record(token: "t", id: "m1", recent: recent)
        #expect(!written)
    }
}

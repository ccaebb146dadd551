import Testing
@testable import NotificationAgent

/// The replay check keeps a bounded number of ids, forgetting the oldest first.
@Suite struct RecentMessageIDsTests {
    @Test func aRepeatedIDIsRefusedAndTheOldestIsForgotten() {
        var recent = RecentMessageIDs(capacity: 3)
        var answers = [recent.insert("a"), recent.insert("a")]
        for id in ["b", "c", "d"] { answers.append(recent.insert(id)) }
        #expect(answers == [true, false, true, true, true])
        #expect(recent.count == 3)
        let forgotten = recent.insert("a")  // forgotten after three newer ones
        let kept = recent.insert("d")
        #expect(forgotten && !kept)
    }

    @Test func aFloodStaysWithinTheCapacity() {
        var recent = RecentMessageIDs(capacity: 100)
        for number in 0..<10_000 { _ = recent.insert("id-\(number)") }
        #expect(recent.count == 100)
    }
}

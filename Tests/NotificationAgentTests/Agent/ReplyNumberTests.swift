import Testing
@testable import NotificationAgent

/// Reply numbers as typed back, and the limit on wrong ones, without an agent.
@Suite struct ReplyNumberTests {
    @Test func aNewNumberIsSixteenCrockfordDigitsInFourGroups() {
        let number = ReplyNumber.random()
        #expect(number.count == 19)
        #expect(number.split(separator: "-").map(\.count) == [4, 4, 4, 4])
        #expect(ReplyNumber.canonical(number) == number)
    }

    @Test(arguments: [
        ("4f7q9k2mxr3t8w1v", "4F7Q-9K2M-XR3T-8W1V"), ("4F7Q 9K2M XR3T 8W1V", "4F7Q-9K2M-XR3T-8W1V"),
        ("oooo-iiii-llll-0000", "0000-1111-1111-0000"),
    ])
    func aTypedNumberIsReadInAnyCaseWithOrWithoutDashes(typed: String, shown: String) {
        #expect(ReplyNumber.canonical(typed) == shown)
    }

    @Test(arguments: [
        "123456", "4F7Q-9K2M-XR3T-8W1", "4F7Q-9K2M-XR3T-8W1VV", "UUUU-9K2M-XR3T-8W1V", "", "4F7Q\u{202E}9K2M",
    ])
    func anythingElseNamesNoReply(typed: String) {
        #expect(ReplyNumber.canonical(typed) == nil)
    }

    @Test func wrongNumbersPastTheLimitRefuseEveryReplyUntilTheWindowPasses() {
        var limit = WrongReplyLimit()
        let start = ContinuousClock.now
        for _ in 0..<limit.limit {
            #expect(!limit.isRefusing(at: start))
            limit.recordWrongNumber(at: start)
        }
        #expect(limit.isRefusing(at: start))
        #expect(limit.isRefusing(at: start + limit.window - .milliseconds(1)))
        #expect(!limit.isRefusing(at: start + limit.window))
    }
}

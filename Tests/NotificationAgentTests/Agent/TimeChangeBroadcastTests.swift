import Foundation
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// Every agent in a process shares one set of time-change watches.
@Suite(.timeLimit(.minutes(1))) struct TimeChangeBroadcastTests {
    final class Starts: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }

    @Test func subscribersShareOneStartAndEachGetsEveryChange() async throws {
        let starts = Starts()
        let (source, feed) = AsyncStream.makeStream(of: TimeChange.self)
        let broadcast = TimeChangeBroadcast {
            starts.add()
            return source
        }
        var first = try await broadcast.subscribe().makeAsyncIterator()
        var second = try await broadcast.subscribe().makeAsyncIterator()
        #expect(starts.value == 1)
        feed.yield(.wallClockStepped)
        feed.yield(.resumedFromSleep)
        #expect(await first.next() == .wallClockStepped)
        #expect(await second.next() == .wallClockStepped)
        #expect(await first.next() == .resumedFromSleep)
        #expect(await second.next() == .resumedFromSleep)
    }

    @Test func aFailedStartIsTriedAgainByTheNextSubscriber() async throws {
        let starts = Starts()
        let broadcast = TimeChangeBroadcast {
            starts.add()
            if starts.value == 1 { throw TestSupportError("no inotify") }
            return AsyncStream { _ in }
        }
        await #expect(throws: TestSupportError.self) { _ = try await broadcast.subscribe() }
        _ = try await broadcast.subscribe()
        #expect(starts.value == 2)
    }
}

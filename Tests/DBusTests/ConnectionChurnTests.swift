import DBus
import Foundation
import Testing
import TestSupport

/// Connections opened, used and closed on many threads at once, as a test process or a busy
/// client does: libdbus closes a connection's socket itself, right after it removes its watch,
/// while libdispatch takes the watch's source off its event loop later. A descriptor number
/// reused meanwhile by another connection is what libdispatch requires never to happen (a full
/// test run crashed once inside `_dispatch_source_refs_finalize_unregistration`). Each watch now
/// watches its own duplicate of the descriptor, on `DescriptorWatchThread` (the crash came back
/// once on libdispatch's sources, from a bus's hang-up: `BusHangupTests`). This churn did not
/// bring the crash back on the old code in three runs: it guards the new code (every call
/// answered, no crash, no hang).
/// Opening a connection blocks its thread until the bus answers `Hello`, so each churning task
/// runs on a thread of its own: on Swift's shared threads, 8 of them (300 rounds each) held both
/// of a loaded CI machine's threads for most of a minute, and every other test waited. Four
/// threads of 100 rounds keep the churn without taking the machine from the tests around it.
@Suite(.timeLimit(.minutes(2))) struct ConnectionChurnTests {
    @Test func connectionsOpenedAndClosedOnManyThreadsAtOnceDoNotCrash() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let rounds = 100
        let answered = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask(executorPreference: OwnThreadExecutor()) {
                    var count = 0
                    for _ in 0..<rounds {
                        let connection = try DBusConnection(address: bus.address)
                        if try await connection.nameOwner(of: "org.freedesktop.DBus") != nil { count += 1 }
                        await connection.close()
                    }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(answered == 4 * rounds)
    }
}

import Foundation
import Testing
import TestSupport

/// Work run through `OwnThreadExecutor` that blocks its thread leaves Swift's shared threads
/// free: more blocked bodies than there are cores, and a plain task still runs and frees them.
@Suite(.timeLimit(.minutes(1))) struct OwnThreadExecutorTests {
    @Test func blockedBodiesLeaveTheSharedThreadsFree() async throws {
        let bodies = ProcessInfo.processInfo.activeProcessorCount + 2
        let release = DispatchSemaphore(value: 0)
        let released = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<bodies {
                group.addTask {
                    await OwnThreadExecutor.run {
                        // Blocks its thread until the plain task below signals (or 20 s pass).
                        release.wait(timeout: .now() + 20) == .success
                    }
                }
            }
            // On the shared threads, this task could run only after the blocked bodies gave up.
            group.addTask {
                for _ in 0..<bodies { release.signal() }
                return true
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(released.count == bodies + 1)
        #expect(released.allSatisfy { $0 }, "every blocked body was released, none timed out")
    }
}

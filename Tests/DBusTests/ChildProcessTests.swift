import Foundation
import Testing
import TestSupport

/// The test support's child processes: an exit status is reported only when it was read.
@Suite(.timeLimit(.minutes(1))) struct ChildProcessTests {
    @Test func theExitCodeIsTheChildsOwn() async throws {
        let child = try ChildProcess("/bin/sh", ["-c", "exit 3"])
        #expect(try await child.wait(timeout: 10) == 3)
    }

    @Test func aChildReapedElsewhereHasNoInventedStatus() async throws {
        let child = try ChildProcess("/bin/sh", ["-c", "exit 3"])
        var status: Int32 = 0
        // Someone else (a reaper, an ignored SIGCHLD) collects the child first.
        #expect(waitpid(child.pid, &status, 0) == child.pid)
        await #expect(throws: TestSupportError.self) { try await child.wait(timeout: 10) }
    }
}

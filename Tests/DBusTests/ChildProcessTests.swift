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

    /// A script written while another child starts runs once written. A child that inherited the
    /// descriptor the script was being written through (as Foundation's atomic write leaves it,
    /// without close-on-exec) would hold it open for writing as long as it lives, and every
    /// start of the script would fail with "Text file busy".
    @Test func aScriptWrittenWhileAnotherChildStartsRuns() async throws {
        let folder = try TemporaryDirectory("child-descriptors")
        let script = folder.path + "/script"
        let descriptor = open(script, O_WRONLY | O_CREAT | O_TRUNC, 0o755)
        try #require(descriptor >= 0)
        let text = Array("#!/bin/sh\nexit 7\n".utf8)
        #expect(write(descriptor, text, text.count) == text.count)
        // Lives until stopped: `sleep` is a holder here, not a wait.
        let other = try ChildProcess("/bin/sleep", ["600"])
        defer { other.stop(grace: 1) }
        close(descriptor)
        let run = try ChildProcess(script, [])
        #expect(try await run.wait(timeout: 10) == 7)
    }
}

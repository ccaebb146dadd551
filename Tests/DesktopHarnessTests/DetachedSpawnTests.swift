import Foundation
import Glibc
import Testing

@testable import DesktopHarness

/// A desktop's daemons start as a session would start them: no blocked signal (else SIGTERM
/// never stops them: the spawning thread, a concurrency worker, blocks most), in a session of
/// their own, with no descriptor of the harness.
@Suite struct DetachedSpawnTests {
    private func status(of pid: pid_t, field: String) throws -> String {
        let text = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        return line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces)
    }

    private func startSleeper(log: String) throws -> pid_t {
        try DetachedSpawn.start(
            ["sleep", "300"], environment: ProcessInfo.processInfo.environment, log: log)
    }

    @Test func aDaemonBlocksNoSignalAndDiesOfSIGTERM() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID()).log").path
        defer { unlink(log) }
        let pid = try startSleeper(log: log)
        #expect(try status(of: pid, field: "SigBlk") == "0000000000000000")
        kill(pid, SIGTERM)
        var reaped: Int32 = 0
        // Bounded: SIGTERM ends sleep at once; a blocked SIGTERM would leave it for 300 s.
        let deadline = ContinuousClock.now + .seconds(20)
        while waitpid(pid, &reaped, WNOHANG) == 0 {
            guard ContinuousClock.now < deadline else {
                kill(pid, SIGKILL)
                Issue.record("sleep outlived SIGTERM")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect((reaped & 0x7f) == SIGTERM)
    }

    @Test func aDaemonLeadsItsOwnSessionAndHoldsNoDescriptorOfTheHarness() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID()).log").path
        defer { unlink(log) }
        var pipe: [Int32] = [0, 0]
        #expect(Glibc.pipe(&pipe) == 0)  // without O_CLOEXEC, as an inherited descriptor is
        defer { close(pipe[0]); close(pipe[1]) }
        // The pipe is known by what it is ("pipe:[INODE]"), not by its numbers: another suite of
        // the test process may close a number of ours and another file take it.
        let pipeLink = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(pipe[0])")
        DetachedSpawn.closeInheritedDescriptors()
        let pid = try startSleeper(log: log)
        defer {
            kill(pid, SIGKILL)
            var reaped: Int32 = 0
            waitpid(pid, &reaped, 0)
        }
        #expect(getsid(pid) == pid)
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap {
            Int32($0)
        }
        // try?: a descriptor closed between the listing and its link holds no pipe
        let links = descriptors.compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")
        }
        // The pipe stands for what the harness was started with. Any other descriptor is not
        // this test's to judge: the test process's other suites, running meanwhile, open
        // descriptors without close-on-exec that the daemon takes along (a full run beside two
        // busy loops saw 80 of them).
        #expect(Set([0, 1, 2]).isSubset(of: descriptors))
        #expect(!links.contains(pipeLink), "\(links)")
    }
}

import Foundation
import Glibc
import Testing

@testable import DesktopHarness

/// `test-desktop down` stops what the pids file records with everything it forked, and leaves
/// alone a process that has taken a recorded PID since.
@Suite struct DesktopTeardownTests {
    @Test func aRecordedProcessStopsWithWhatItForked() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("teardown-\(UUID())").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: state) }
        // A shell that forks a child and waits: the child is in the shell's process group.
        let leader = try DetachedSpawn.start(
            ["sh", "-c", "sleep 300 & echo started; wait"], environment: ProcessInfo.processInfo.environment,
            log: "\(state)/leader.log")
        var forked: [pid_t] = []
        let deadline = ContinuousClock.now + .seconds(20)
        while forked.isEmpty {
            #expect(ContinuousClock.now < deadline, "the shell forked its sleep")
            if ContinuousClock.now >= deadline { return }
            forked = ProcStat.members(ofGroups: [leader]).filter { $0 != leader }
            usleep(10_000)
        }
        let tag = try #require(ProcessTag(pid: leader))
        try "\(tag) shell\n".write(toFile: "\(state)/pids", atomically: false, encoding: .utf8)
        let summary = try DesktopTeardown.run(stateDirectory: state, environment: [:])
        #expect(summary.contains("stopped shell"))
        var reaped: Int32 = 0
        waitpid(leader, &reaped, 0)
        #expect(ProcStat.members(ofGroups: [leader]).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "\(state)/pids"))
    }

    @Test func aPIDTakenByAnotherProcessIsLeftAlone() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("teardown-\(UUID())").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: state) }
        // This very process under a start time it does not have: a PID reused since.
        try "\(getpid()):1 server\n".write(toFile: "\(state)/pids", atomically: false, encoding: .utf8)
        let summary = try DesktopTeardown.run(stateDirectory: state, environment: [:])
        #expect(summary.contains("stopped nothing"))
    }
}

import Foundation
import Testing
import TestSupport
@testable import NotificationAgentClient

/// The spawned agent's log does not grow without bound.
@Suite struct AgentLaunchLogTests {
    @Test func aLogPastItsLimitIsMovedAsideAndBegunAgain() throws {
        let directory = try TemporaryDirectory("unotify-log")
        let path = directory.url.appendingPathComponent("unotifyd.log").path
        try Data(repeating: 0x41, count: AgentLaunchLog.sizeLimit + 1).write(to: URL(fileURLWithPath: path))
        let log = AgentLaunchLog.begin(path: path)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".old")).count == AgentLaunchLog.sizeLimit + 1)
        try Data("unotifyd: broken\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(log.written() == "unotifyd: broken")
    }

    @Test func aLogWithinItsLimitIsKeptAndReadFromTheLaunchOn() throws {
        let directory = try TemporaryDirectory("unotify-log")
        let path = directory.url.appendingPathComponent("unotifyd.log").path
        try Data("earlier\n".utf8).write(to: URL(fileURLWithPath: path))
        let log = AgentLaunchLog.begin(path: path)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("now\n".utf8))
        try handle.close()
        #expect(log.written() == "now")
        #expect(!FileManager.default.fileExists(atPath: path + ".old"))
    }
}

import Foundation
import NotificationAgentClient
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The distributor choice (`$XDG_CONFIG_HOME/unotify/push-distributor`) is read by the agent and
/// by `unotify push` and `server --explain`: a FIFO there (no writer) blocked the read, so
/// `push --register` hung, every later call to the agent timed out and SIGTERM went unheard
/// (third hostile round). Nothing but a regular file is read; anything else is no choice.
@Suite(.timeLimit(.minutes(1))) struct DistributorChoiceFileTests {
    @Test func aFIFOAtTheChoiceBlocksNothingAndIsNoChoice() async throws {
        let config = try TemporaryDirectory("unotify-config")
        try FileManager.default.createDirectory(atPath: config.path + "/unotify", withIntermediateDirectories: true)
        let trap = try AgentHostileFileTests.FIFOTrap(config.path + "/unotify/push-distributor")
        let path = config.path
        let (blocked, result) = await AgentHostileFileTests.run(trap) {
            DistributorPreference.read(environment: { $0 == "XDG_CONFIG_HOME" ? path : nil })
        }
        #expect(!blocked, "the read blocked on the FIFO")
        #expect(try result.get() == nil)
    }

    @Test func aDirectoryAtTheChoiceIsNoChoice() throws {
        let config = try TemporaryDirectory("unotify-config")
        try FileManager.default.createDirectory(
            atPath: config.path + "/unotify/push-distributor", withIntermediateDirectories: true)
        let path = config.path
        #expect(DistributorPreference.read(environment: { $0 == "XDG_CONFIG_HOME" ? path : nil }) == nil)
    }
}

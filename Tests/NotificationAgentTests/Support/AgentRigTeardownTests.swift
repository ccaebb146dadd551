import Foundation
import Testing
import TestSupport

@testable import NotificationAgent

/// A rig's state directory is removed after its agent's last write, so none is left behind.
@Suite(.timeLimit(.minutes(1))) struct AgentRigTeardownTests {
    /// The agent saves its delivered list once more after the rig was released (a task of the
    /// agent's own holds it, as the list's writer does after a close): the save lands in the
    /// rig's directory, which is removed once the agent is gone. Before, the rig removed it
    /// first and the save made it anew, and it was left in the temporary directory.
    @Test func aSaveAfterTheRigIsReleasedLeavesNoDirectory() async throws {
        let directory: URL
        do {
            let agent: NotificationAgent
            do {
                let rig = try await AgentRig()
                directory = rig.directory
                agent = rig.agent
            }
            await agent.deliveredChanged()
            await agent.deliveredWritten()
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("unotify.db").path))
        }
        try await Eventually.wait(timeout: TestPatience.event, "the state directory is gone with its agent") {
            !FileManager.default.fileExists(atPath: directory.path)
        }
    }
}

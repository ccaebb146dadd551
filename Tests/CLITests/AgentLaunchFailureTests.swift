import Foundation
import Testing
import TestSupport

/// An agent that the CLI starts and that cannot run: the CLI says why, in the agent's words,
/// as soon as the agent has exited.
@Suite(.timeLimit(.minutes(1))) struct AgentLaunchFailureTests {
    @Test func aCorruptPendingFileIsQuotedInTheError() async throws {
        let bus = try PrivateBus()
        let state = try TemporaryDirectory("unotify-state")
        let directory = state.url.appendingPathComponent("unotify")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "{not json".write(to: directory.appendingPathComponent("pending.json"), atomically: true, encoding: .utf8)
        let result = try await UNotifyProcess.run(
            ["settings"], busAddress: bus.address,
            extraEnvironment: ["XDG_STATE_HOME": state.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("exited before it took its name"), "\(result.stderr)")
        #expect(result.stderr.contains("pending.json is corrupt (not valid JSON)"), "\(result.stderr)")
        #expect(result.stderr.contains("unotifyd.log"), "\(result.stderr)")
    }
}

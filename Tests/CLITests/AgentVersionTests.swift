import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

@testable import NotificationAgentClient

/// The agent and its callers of different versions on one desktop: this tree's and the last
/// release's (0.1.0, built by `scripts/last-release`, whose folder `scripts/test` passes in
/// `UNOTIFY_LAST_RELEASE_BIN`). Each works with the other, and a call the older agent does not
/// have fails naming both versions and what to do.
@Suite(.timeLimit(.minutes(1))) struct AgentVersionTests {
    static let app = "org.example.Versions"

    /// The folder of the last release's `unotify` and `unotifyd`.
    static func lastRelease() throws -> String {
        guard let folder = ProcessInfo.processInfo.environment["UNOTIFY_LAST_RELEASE_BIN"], !folder.isEmpty else {
            throw TestSupportError(
                "UNOTIFY_LAST_RELEASE_BIN is not set: run scripts/last-release and set it to the folder it prints")
        }
        return folder
    }

    /// The last release's `unotifyd` on `rig`'s bus, once it owns its name.
    static func startLastReleasesAgent(_ rig: AgentProcessRig) async throws -> ChildProcess {
        var environment = rig.bus.environment.merging(rig.environment) { $1 }
        environment["UNOTIFY_DESKTOP_SETTINGS"] = "none"
        let agent = try ChildProcess(try lastRelease() + "/unotifyd", [], environment: environment)
        let watcher = rig.watcher
        try await Eventually.wait(timeout: TestPatience.event, "the 0.1.0 agent owns org.unotify.Agent") {
            try await watcher.nameOwner(of: "org.unotify.Agent") != nil
        }
        return agent
    }

    @Test func theAgentSaysItsVersion() async throws {
        let rig = try await AgentProcessRig()
        let agent = try await rig.startAgent()
        defer { agent.stop() }
        let client = try await AgentClient(address: rig.bus.address, startAgent: false)
        #expect(try await client.agentVersion() == UnotifyVersion.number)
    }

    @Test func thisCLIWorksWithTheLastReleasesAgent() async throws {
        let rig = try await AgentProcessRig()
        let agent = try await Self.startLastReleasesAgent(rig)
        defer { agent.stop() }
        #expect(try await rig.unotify(["settings", Self.app, "allow"]).status == 0)
        let sent = try await rig.unotify(["send", "--app", Self.app, "--in", "1h", "Later"])
        #expect(sent.status == 0, "\(sent)")
        let pending = try await rig.unotify(["pending", "--app", Self.app, "--json"])
        #expect(pending.stdout.contains(#""title":"Later""#), "\(pending)")
        #expect(try await rig.unotify(["send", "--app", Self.app, "Now"]).status == 0)
        #expect(try await rig.server.nextCall().request.summary == "Now")
        let client = try await AgentClient(address: rig.bus.address, startAgent: false)
        #expect(try await client.agentVersion() == nil, "0.1.0 cannot say its version")
    }

    @Test func theLastReleasesCLIWorksWithThisAgent() async throws {
        let rig = try await AgentProcessRig()
        let agent = try await rig.startAgent()
        defer { agent.stop() }
        let old = try Self.lastRelease() + "/unotify"
        var environment = ProcessInfo.processInfo.environment.merging(rig.bus.environment) { $1 }
        environment.merge(rig.environment) { $1 }
        environment["UNOTIFY_DESKTOP_SETTINGS"] = "none"
        for arguments in [["settings", Self.app, "allow"], ["send", "--app", Self.app, "From 0.1.0"]] {
            let run = try ChildProcess(old, arguments, environment: environment)
            #expect(try await run.wait(timeout: 20) == 0, "\(arguments): \(run.standardError)")
        }
        #expect(try await rig.server.nextCall().request.summary == "From 0.1.0")
    }

    @Test func aCallTheOlderAgentLacksNamesBothVersions() async throws {
        let rig = try await AgentProcessRig()
        let agent = try await Self.startLastReleasesAgent(rig)
        defer { agent.stop() }
        let client = try await AgentClient(address: rig.bus.address, startAgent: false)
        do {
            _ = try await client.call(AgentInterface.getVersion, ())
            Issue.record("the 0.1.0 agent answered GetVersion")
        } catch let error as AgentError {
            #expect(error.message.contains("unotifyd (older than 0.2.0) cannot answer GetVersion"), "\(error)")
            #expect(error.message.contains("unotify \(UnotifyVersion.number)"), "\(error)")
            #expect(error.message.contains("install unotify"), "\(error)")
        }
    }

    /// The schedule 0.1.0 kept in `pending.json` moves into this version's store when this agent
    /// first starts on the folder, and fires there; the last release's agent then refuses the
    /// folder (its `pending.json` is a note of a newer format) instead of taking it as empty.
    @Test func theLastReleasesScheduleMovesIntoTheStoreAndTheLastReleaseThenRefusesIt() async throws {
        let rig = try await AgentProcessRig()
        let old = try await Self.startLastReleasesAgent(rig)
        #expect(try await rig.unotify(["settings", Self.app, "allow"]).status == 0)
        #expect(try await rig.unotify(["send", "--app", Self.app, "--in", "3s", "Soon"]).status == 0)
        #expect(try await rig.unotify(["send", "--app", Self.app, "--in", "1h", "Later"]).status == 0)
        old.send(SIGTERM)
        _ = try await old.wait(timeout: 10)
        let state = URL(fileURLWithPath: rig.environment["XDG_STATE_HOME"] ?? "").appendingPathComponent("unotify")
        #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("pending.json").path))

        let new = try await rig.startAgent()
        #expect(try await rig.server.nextCall().request.summary == "Soon", "imported, and fired at its moment")
        let pending = try await rig.unotify(["pending", "--app", Self.app, "--json"])
        #expect(pending.stdout.contains(#""title":"Later""#), "\(pending)")
        #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("imported/pending.json").path))
        new.send(SIGTERM)
        _ = try await new.wait(timeout: 10)

        // The last release's agent meets the store: it stops, saying the file is newer.
        var environment = rig.bus.environment.merging(rig.environment) { $1 }
        environment["UNOTIFY_DESKTOP_SETTINGS"] = "none"
        let refused = try ChildProcess(try Self.lastRelease() + "/unotifyd", [], environment: environment)
        let status = try await refused.wait(timeout: 20)
        #expect(status != 0)
        #expect(refused.standardError.contains("newer than this unotify reads"), "\(refused.standardError)")
    }
}

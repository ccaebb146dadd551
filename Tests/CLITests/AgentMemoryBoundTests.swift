import DBus
import Foundation
import NotificationAgentClient
import Testing
import TestSupport

/// A pass of ten-megabyte calls over every method that takes a string leaves a real `unotifyd`'s
/// memory near where it was: a call over its method's limit is refused before it is read.
@Suite(.timeLimit(.minutes(3))) struct AgentMemoryBoundTests {
    /// How much the agent's resident memory may grow over the pass, in kilobytes.
    static let margin = 32 * 1024

    @Test func tenMegabyteCallsLeaveTheAgentsMemoryBounded() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let server = try await CountingNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-memory")
        let watcher = try DBusConnection(address: bus.address)
        let agent = try await UNotifyDaemonProcess.startOwningName(
            on: bus, stateDirectory: state.path, watcher: watcher)
        defer { agent.stop() }
        let client = try await AgentClient(address: bus.address, startAgent: false)
        _ = try await client.settings(app: "org.example.Tea")
        let baseline = try AgentLoadTests.residentKilobytes(agent.pid)
        let huge = "\u{202E}" + String(repeating: "x", count: 10_000_000)
        let calls: [(String, @Sendable () async throws -> Void)] = [
            (
                "SetSettings (a huge key)",
                { _ = try await client.setSettings(app: "org.example.Tea", changes: [huge: DBusVariant(.int32(2))]) }
            ),
            ("SetSettings (a huge app)", { _ = try await client.setSettings(app: huge, changes: [:]) }),
            ("GetSettings", { _ = try await client.settings(app: huge) }),
            ("SetCategories", { try await client.setCategories(app: "org.example.Tea", json: huge) }),
            ("Push", { _ = try await client.push(app: "org.example.Tea", payloadJSON: huge) }),
            ("Reply", { _ = try await client.reply(token: huge, text: huge) }),
            ("RemovePending", { try await client.removePending(app: "org.example.Tea", identifiers: [huge]) }),
            (
                "Add",
                {
                    _ = try await client.add(
                        app: "org.example.Tea", request: DeliveryRequest(identifier: huge, title: huge))
                }
            ),
        ]
        for _ in 0..<3 {
            for (name, call) in calls {
                // Each is refused for its size, before it is read; a timeout would leave the call
                // still in the agent when its memory is read.
                let error = await #expect(throws: (any Error).self, "\(name) is refused") { try await call() }
                #expect(
                    error.map { "\($0)".contains("bytes of arguments; this call has more") } == true,
                    "\(name): \(String(describing: error))")
            }
        }
        // Still answering, and the memory came back near the baseline.
        _ = try await client.settings(app: "org.example.Tea")
        let after = try AgentLoadTests.residentKilobytes(agent.pid)
        #expect(after - baseline <= Self.margin, "VmRSS went from \(baseline) kB to \(after) kB")
        await server.stop()
    }
}

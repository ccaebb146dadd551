import DBus
import Foundation
import NotificationAgentClient
import Testing
import TestSupport

/// Floods of 1 000 Web Push messages, encrypted by pywebpush and handed to a real `unotifyd` by
/// a distributor all at once (about 2 s on a loaded two-core machine): every one is decrypted
/// and shown once, none is lost, and the agent's memory grows by a bounded amount the first
/// time and only by the notifications it then holds the second time.
@Suite(.timeLimit(.minutes(3))) struct PushFloodTests {
    static let app = "org.example.Chat"
    static let count = 1_000
    /// How much the agent's resident memory may grow over the first flood, in kilobytes: the
    /// thousand notifications it then holds as delivered, and the allocator's high-water mark
    /// of a thousand calls at once.
    static let firstFloodMargin = 48 * 1024
    /// How much more over a second flood: what the first took is reused, nothing accumulates
    /// but the second thousand delivered notifications.
    static let secondFloodMargin = 16 * 1024

    /// `count` bodies that pywebpush encrypted for `subscription`, the `n`th with the title "Flood n".
    static func encrypted(for subscription: String, count: Int) async throws -> [Data] {
        let venv = try ChildProcess(PackageRoot.url.appendingPathComponent("scripts/push/pywebpush-venv").path, [])
        guard try await venv.wait(timeout: 300) == 0 else {
            throw TestSupportError("scripts/push/pywebpush-venv failed: \(venv.standardError)")
        }
        let sender = try ChildProcess(
            venv.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines),
            [
                PackageRoot.url.appendingPathComponent("scripts/push/webpush-send").path, subscription,
                #"{"aps": {"alert": {"title": "Flood {n}", "body": "one of many"}}}"#, "--count", String(count),
                "--encrypt-only",
            ])
        guard try await sender.wait(timeout: 120) == 0 else {
            throw TestSupportError("webpush-send failed: \(sender.standardError)")
        }
        return try sender.standardOutput.split(separator: "\n").map { line in
            var text = line.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            text += String(repeating: "=", count: (4 - text.count % 4) % 4)
            guard let data = Data(base64Encoded: text) else { throw TestSupportError("not base64url: \(line)") }
            return data
        }
    }

    @Test func twoFloodsOfAThousandMessagesAreEachShownOnceWithinTheMemoryBound() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let server = try await CountingNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-push-flood")
        let watcher = try DBusConnection(address: bus.address)
        let agent = try await UNotifyDaemonProcess.startOwningName(
            on: bus, stateDirectory: state.path, watcher: watcher)
        defer { agent.stop() }
        let distributor = try await FakeDistributor(address: bus.address)
        let client = try await AgentClient(address: bus.address, startAgent: false)
        _ = try await client.setSettings(
            app: Self.app, changes: ["authorization": DBusVariant(.int32(2)), "alert": DBusVariant(.int32(2))])
        let subscription = try await client.registerPush(app: Self.app)
        let token = try #require(await distributor.registrations.keys.first)
        let bodies = try await Self.encrypted(for: subscription, count: 2 * Self.count)
        #expect(bodies.count == 2 * Self.count)
        let baseline = try AgentLoadTests.residentKilobytes(agent.pid)
        var resident: [Int] = []
        for flood in 0..<2 {
            let start = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for body in bodies[(flood * Self.count)..<((flood + 1) * Self.count)] {
                    group.addTask { try await distributor.message(body, token: token) }
                }
                try await group.waitForAll()
            }
            let sent = ContinuousClock.now - start
            let titles = ((flood * Self.count + 1)...((flood + 1) * Self.count)).map { "Flood \($0)" }
            try await server.waitUntilShown(Set(titles), timeout: .seconds(90))
            resident.append(try AgentLoadTests.residentKilobytes(agent.pid))
            print(
                "push flood \(flood + 1): \(Self.count) messages handed over in \(sent), VmRSS \(resident.last ?? 0) kB"
            )
        }
        #expect(server.shown.values.allSatisfy { $0 == 1 }, "each shown once")
        let status = try await client.pushStatus()
        #expect(status.counts["delivered"] == UInt32(2 * Self.count), "\(status.counts)")
        #expect(
            resident[0] - baseline <= Self.firstFloodMargin && resident[1] - resident[0] <= Self.secondFloodMargin,
            "VmRSS went from \(baseline) kB to \(resident[0]) kB, then \(resident[1]) kB")
        await distributor.stop()
        await server.stop()
    }
}

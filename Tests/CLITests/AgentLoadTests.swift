import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport

/// Many clients at once while the user changes the app's settings: every request is either
/// shown once or refused as not allowed (none lost, none shown twice), and the agent's memory
/// comes back near where it started once the notifications are closed.
@Suite(.timeLimit(.minutes(3))) struct AgentLoadTests {
    static let app = "org.example.Load"
    static let clients = 20
    static let perClient = 100

    @Test func twentyClientsWhileSettingsChangeAreAllAccountedFor() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let server = try await CountingNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-load")
        var environment = bus.environment
        environment["XDG_STATE_HOME"] = state.path
        let watcher = try DBusConnection(address: bus.address)
        let agent = try await AgentCrashTests.startAgent(environment, watcher: watcher)
        defer { agent.stop() }
        let settings = try await AgentClient(address: bus.address, startAgent: false)
        let allowed = ["authorization": DBusVariant(.int32(2)), "alert": DBusVariant(.int32(2))]
        let denied = ["authorization": DBusVariant(.int32(1))]
        _ = try await settings.setSettings(app: Self.app, changes: allowed)
        // Warm up, then the baseline.
        _ = try await settings.add(app: Self.app, request: DeliveryRequest(identifier: "warm", title: "warm"))
        let baseline = try Self.residentKilobytes(agent.pid)

        let toggling = Task {
            for round in 0..<60 {
                _ = try? await settings.setSettings(app: Self.app, changes: round % 2 == 0 ? denied : allowed)
                try? await Task.sleep(for: .milliseconds(20))
            }
            _ = try? await settings.setSettings(app: Self.app, changes: allowed)
        }
        let address = bus.address
        let results = try await withThrowingTaskGroup(of: [(String, Bool)].self) { group in
            for client in 0..<Self.clients {
                group.addTask {
                    let connection = try await AgentClient(address: address, startAgent: false)
                    var results: [(String, Bool)] = []
                    for n in 0..<Self.perClient {
                        let title = "c\(client)-\(n)"
                        do {
                            _ = try await connection.add(
                                app: Self.app, request: DeliveryRequest(identifier: title, title: title))
                            results.append((title, true))
                        } catch let error as AgentError where error.code == .notAllowed {
                            results.append((title, false))
                        }
                    }
                    await connection.connection.close()
                    return results
                }
            }
            var all: [(String, Bool)] = []
            for try await results in group { all += results }
            return all
        }
        await toggling.value
        #expect(results.count == Self.clients * Self.perClient)
        let shown = server.shown
        let accepted = results.filter(\.1).map(\.0)
        let refused = results.filter { !$0.1 }.map(\.0)
        for title in accepted { #expect(shown[title] == 1, "\(title) accepted but shown \(shown[title] ?? 0) times") }
        for title in refused { #expect(shown[title] == nil, "\(title) refused but shown") }
        // The user closes them all; the agent forgets them.
        for id in server.issuedIDs { try await server.emit(.closed(id, .dismissed)) }
        try await Eventually.wait(timeout: .seconds(20), "the agent lists nothing delivered") {
            (try? await settings.delivered(app: Self.app).isEmpty) == true
        }
        let after = try Self.residentKilobytes(agent.pid)
        print(
            "AgentLoadTests: \(results.count) requests from \(Self.clients) clients, \(accepted.count) shown once, "
                + "\(refused.count) refused while denied; agent RSS \(baseline) kB before, \(after) kB after")
        #expect(after - baseline < 16 * 1024, "the agent's memory grew by \(after - baseline) kB and stayed")
        await settings.connection.close()
        await watcher.close()
        await server.stop()
    }

    static func residentKilobytes(_ pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let value = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { throw TestSupportError("no VmRSS in /proc/\(pid)/status") }
        return value
    }
}

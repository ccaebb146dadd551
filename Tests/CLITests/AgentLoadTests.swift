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

        // The user flips the app between denied and allowed until the last request is answered;
        // each change the agent confirmed while requests were being sent is counted.
        let window = SendWindow()
        defer { window.close() }  // the flipping stops if a client fails
        let toggling = Task {
            var round = 0
            while !window.isOver {
                let denying = round % 2 == 0
                _ = try await settings.setSettings(app: Self.app, changes: denying ? denied : allowed)
                window.changed(denying: denying)
                round += 1
                try await Task.sleep(for: .milliseconds(20))
            }
            _ = try await settings.setSettings(app: Self.app, changes: allowed)
        }
        let address = bus.address
        window.open()
        let results = try await withThrowingTaskGroup(of: [(String, Bool)].self) { group in
            for client in 0..<Self.clients {
                group.addTask {
                    let connection = try await AgentClient(address: address, startAgent: false)
                    var results: [(String, Bool)] = []
                    // Past its share, a client goes on (bounded) until the race has happened:
                    // settings changed both ways and requests met each, however the machine's
                    // load spread the sends and the changes.
                    var n = 0
                    while n < Self.perClient || (!window.hasRaced && n < Self.perClient * 10) {
                        let title = "c\(client)-\(n)"
                        do {
                            _ = try await connection.add(
                                app: Self.app, request: DeliveryRequest(identifier: title, title: title))
                            results.append((title, true))
                            window.answered(accepted: true)
                        } catch let error as AgentError where error.code == .notAllowed {
                            results.append((title, false))
                            window.answered(accepted: false)
                        }
                        n += 1
                    }
                    await connection.connection.close()
                    return results
                }
            }
            var all: [(String, Bool)] = []
            for try await results in group { all += results }
            return all
        }
        window.close()
        try await toggling.value
        #expect(results.count >= Self.clients * Self.perClient)
        #expect(Set(results.map(\.0)).count == results.count, "every request has its own identifier")
        let shown = server.shown
        let accepted = results.filter(\.1).map(\.0)
        let refused = results.filter { !$0.1 }.map(\.0)
        // The race happened: the settings changed both ways while requests were sent, and
        // requests met each setting.
        let changes = window.changesDuringSends
        #expect(changes.denials >= 1 && changes.allowals >= 1, "settings changed during the sends: \(changes)")
        #expect(!accepted.isEmpty && !refused.isEmpty, "\(accepted.count) accepted, \(refused.count) refused")
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
                + "\(refused.count) refused while denied; \(changes.denials) denials and \(changes.allowals) "
                + "allowals during the sends; agent RSS \(baseline) kB before, \(after) kB after")
        #expect(after - baseline < 16 * 1024, "the agent's memory grew by \(after - baseline) kB and stayed")
        await settings.connection.close()
        await watcher.close()
        await server.stop()
    }

    /// When the requests were being sent, and the settings changes the agent confirmed then.
    final class SendWindow: @unchecked Sendable {
        private let lock = NSLock()
        private var state = (opened: false, over: false, denials: 0, allowals: 0, accepted: 0, refused: 0)

        /// Whether the last request was answered.
        var isOver: Bool { lock.withLock { state.over } }
        /// The changes confirmed between `open()` and `close()`.
        var changesDuringSends: (denials: Int, allowals: Int) { lock.withLock { (state.denials, state.allowals) } }

        /// Settings changed both ways during the sends, and requests were both accepted and refused.
        var hasRaced: Bool {
            lock.withLock { state.denials > 0 && state.allowals > 0 && state.accepted > 0 && state.refused > 0 }
        }

        func answered(accepted: Bool) {
            lock.withLock { if accepted { state.accepted += 1 } else { state.refused += 1 } }
        }

        func open() { lock.withLock { state.opened = true } }
        func close() { lock.withLock { state.over = true } }
        func changed(denying: Bool) {
            lock.withLock {
                guard state.opened, !state.over else { return }
                if denying { state.denials += 1 } else { state.allowals += 1 }
            }
        }
    }

    static func residentKilobytes(_ pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let value = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { throw TestSupportError("no VmRSS in /proc/\(pid)/status") }
        return value
    }
}

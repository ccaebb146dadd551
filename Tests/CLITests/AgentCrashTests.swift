import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Synchronization
import Testing
import TestSupport

/// The agent killed with SIGKILL at random moments while it holds a burst of scheduled
/// notifications (during the adds, in the middle of a save, at the fire moment): every
/// notification whose `Add` was acknowledged is shown after the agent starts again. Scheduled
/// delivery is *at least once*: one that the server had taken but whose removal from the
/// schedule was not saved yet is shown again, and those are counted, not forbidden.
@Suite(.timeLimit(.minutes(5))) struct AgentCrashTests {
    static let app = "org.example.Crash"
    static let rounds = 50
    static let perRound = 200

    struct Round {
        var acknowledged = 0
        var lost: [String] = []
        var duplicates = 0
        var killedAt = KillPoint.time(.zero)
    }

    /// When a round's agent is killed: at a moment (over the adds, their saves and the fire
    /// moment), or as the `k`-th add is acknowledged, a point no machine's load can move.
    enum KillPoint: CustomStringConvertible {
        case time(Duration)
        case acknowledgement(Int)

        var description: String {
            switch self {
            case .time(let after): "\(after)"
            case .acknowledgement(let k): "acknowledgement \(k)"
            }
        }
    }

    @Test func nothingAcceptedIsLostWhenTheAgentIsKilledAtAnyMoment() async throws {
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var random = SeededRandom(seed: seed)
        var rounds: [Round] = []
        for index in 0..<Self.rounds {
            // Kill points spread over the adds, their saves, and the fire moment (at 400 ms); every
            // other round as an acknowledgement comes, so that kills after acknowledged adds do
            // not depend on how fast the machine is.
            let killAfter: KillPoint =
                index.isMultiple(of: 2)
                ? .time(.milliseconds(Int.random(in: 0...520, using: &random)))
                : .acknowledgement(Int.random(in: 1...Self.perRound, using: &random))
            let round = try await Self.round(killingAt: killAfter)
            #expect(
                round.lost.isEmpty, "round \(index) (seed \(seed), kill at \(killAfter)): lost \(round.lost.prefix(5))")
            rounds.append(round)
        }
        let acknowledged = rounds.map(\.acknowledged).reduce(0, +)
        let lost = rounds.map(\.lost.count).reduce(0, +)
        let duplicates = rounds.map(\.duplicates).reduce(0, +)
        // The kill must have come after acknowledged adds often enough for the test to say something.
        #expect(rounds.filter { $0.acknowledged > 0 }.count >= Self.rounds / 4, "too few rounds had acknowledged adds")
        print(
            "AgentCrashTests: \(Self.rounds) rounds of \(Self.perRound) scheduled, SIGKILL at random (seed \(seed)): "
                + "\(acknowledged) acknowledged, \(lost) lost, \(duplicates) shown twice, "
                + "\(rounds.filter { $0.duplicates > 0 }.count) rounds with a duplicate")
    }

    /// One round: an agent, `perRound` notifications all due 400 ms after the round starts,
    /// SIGKILL after `killAfter`, a second agent, then every acknowledged one must be shown.
    static func round(killingAt killAfter: KillPoint) async throws -> Round {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let server = try await CountingNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-crash")
        var environment = bus.environment
        environment["XDG_STATE_HOME"] = state.path
        let watcher = try DBusConnection(address: bus.address)
        let first = try await startAgent(environment, watcher: watcher)
        let client = try await AgentClient(address: bus.address, startAgent: false)
        let allowed = try await UNotifyProcess.run(
            ["settings", app, "allow"], busAddress: bus.address,
            extraEnvironment: ["XDG_STATE_HOME": state.path])
        #expect(allowed.status == 0, "unotify settings \(app) allow: \(allowed.stderr)")
        let start = ContinuousClock.now
        let fireAt = Date().addingTimeInterval(0.4)
        let acknowledgements = Counter()
        let killer = Task {
            switch killAfter {
            case .time(let after):
                // try?: a cancelled sleep only kills sooner
                try? await Task.sleep(until: start + after)
            case .acknowledgement(let k):
                // Bounded: the adds end (acknowledged or not) well within the suite's limit.
                while acknowledgements.value < k, ContinuousClock.now < start + .seconds(60) {
                    // try?: a cancelled pause only looks again sooner
                    try? await Task.sleep(for: .milliseconds(1))
                }
            }
            first.send(SIGKILL)
        }
        let acknowledged = await withTaskGroup(of: String?.self) { group in
            for n in 0..<perRound {
                group.addTask {
                    let title = "n\(n)"
                    let request = DeliveryRequest(identifier: title, title: title)
                    let trigger = TriggerRecord.timeInterval(
                        seconds: max(0.001, fireAt.timeIntervalSinceNow), repeats: false)
                    guard (try? await client.add(app: app, request: request, trigger: trigger)) != nil else {
                        return nil
                    }
                    acknowledgements.increment()
                    return title
                }
            }
            var titles: Set<String> = []
            for await title in group { if let title { titles.insert(title) } }
            return titles
        }
        await killer.value
        _ = try await first.wait(timeout: 10)
        try await Eventually.wait(timeout: .seconds(10), "the killed agent leaves the bus") {
            try await watcher.nameOwner(of: "org.unotify.Agent") == nil
        }
        let second = try await startAgent(environment, watcher: watcher)
        defer { second.stop() }
        try await server.waitUntilShown(acknowledged, timeout: .seconds(20))
        // Done when nothing is pending or being fired any more (the store says so, through the
        // second agent).
        do {
            try await Eventually.wait(timeout: .seconds(20), "the schedule is empty") {
                try await client.pending(app: app).isEmpty
            }
        } catch {
            throw TestSupportError("\(error); agent: \(second.standardError.suffix(600))")
        }
        let shown = server.shown
        await server.stop()
        await client.connection.close()
        await watcher.close()
        return Round(
            acknowledged: acknowledged.count, lost: acknowledged.filter { shown[$0] == nil }.sorted(),
            duplicates: shown.values.map { $0 - 1 }.reduce(0, +), killedAt: killAfter)
    }

    /// A count shared by the adds and the killer.
    final class Counter: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func increment() { count.withLock { $0 += 1 } }
    }

    static func startAgent(_ environment: [String: String], watcher: DBusConnection) async throws -> ChildProcess {
        let agent = try ChildProcess(UNotifyDaemonProcess.path, [], environment: environment)
        try await Eventually.wait(timeout: .seconds(10), "unotifyd owns its name") {
            try await watcher.nameOwner(of: "org.unotify.Agent") != nil
        }
        return agent
    }
}

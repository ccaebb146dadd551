import DBus
import Foundation
import GRDB
import NotificationAgent
import NotificationAgentClient
import TestSupport
import UserNotificationsCore

/// Benchmark (not a test): an app's add through the agent as installed, with 0, 10 000 and
/// 100 000 notifications already pending, for two agents side by side: this tree's (the
/// store) and an older one (the JSON files), interleaved round by round on the same disk.
///
/// Each measurement: a private bus, a fresh state directory filled with N pending
/// notifications (in the agent's own format: the store's table, or `pending.json`), the agent
/// started on it, then ADDS adds of a notification 30 days ahead, one after another, each
/// timed from the call to its answer (an add is answered once it is on disk). Prints per
/// agent and N: the median and p99 of an add in ms, the agent's RSS after the adds, and the
/// bytes on disk per pending notification.
///
/// Usage: store-scale-benchmark NEW_UNOTIFYD OLD_UNOTIFYD [ROUNDS [ADDS [OLD_ADDS_AT_100K]]]
@main
enum StoreScaleBenchmark {
    static let app = "org.example.Bench"

    struct Sample {
        var adds: [Double] = []
        var rss: [Double] = []
        var bytesPerPending: [Double] = []
    }

    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 2 else {
            print("usage: store-scale-benchmark NEW_UNOTIFYD OLD_UNOTIFYD [ROUNDS [ADDS [OLD_ADDS_AT_100K]]]")
            exit(2)
        }
        let agents = [("store", arguments[0]), ("files", arguments[1])]
        let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
        let adds = arguments.count > 3 ? Int(arguments[3]) ?? 200 : 200
        let slowAdds = arguments.count > 4 ? Int(arguments[4]) ?? 10 : 10
        let sizes = [0, 10_000, 100_000]
        var samples: [String: Sample] = [:]
        for round in 0..<rounds {
            for size in sizes {
                // Interleaved: the order of the two agents alternates from round to round.
                for (name, path) in round.isMultiple(of: 2) ? agents : agents.reversed() {
                    let count = name == "files" && size >= 10_000 ? min(adds, size >= 100_000 ? slowAdds : 50) : adds
                    let result = try await measure(agent: path, store: name == "store", pending: size, adds: count)
                    samples["\(name) \(size)", default: Sample()].adds += result.adds
                    samples["\(name) \(size)", default: Sample()].rss.append(result.rss)
                    samples["\(name) \(size)", default: Sample()].bytesPerPending.append(result.bytesPerPending)
                    FileHandle.standardError.write(
                        Data(
                            "round \(round + 1) \(name) at \(size): \(count) adds, median \(percentile(result.adds, 0.5)) ms\n"
                                .utf8))
                }
            }
        }
        // Sends (shown at once) with 0 and 100 000 notifications delivered and still on screen
        // (100 apps of 1 000 each, on a server that never closes them).
        let deliveredSizes = [0, 100_000]
        for round in 0..<rounds {
            for size in deliveredSizes {
                for (name, path) in round.isMultiple(of: 2) ? agents : agents.reversed() {
                    let count = name == "files" && size > 0 ? min(adds, slowAdds * 2) : adds
                    let result = try await measureSends(
                        agent: path, store: name == "store", delivered: size, sends: count)
                    samples["send \(name) \(size)", default: Sample()].adds += result.sends
                    samples["send \(name) \(size)", default: Sample()].rss.append(result.rss)
                    FileHandle.standardError.write(
                        Data(
                            "round \(round + 1) \(name) sends at \(size) delivered: median \(percentile(result.sends, 0.5)) ms\n"
                                .utf8))
                }
            }
        }
        print("agent  delivered  sends  median ms  p99 ms  RSS MB")
        for size in deliveredSizes {
            for (name, _) in agents {
                guard let sample = samples["send \(name) \(size)"] else { continue }
                print(
                    String(
                        format: "%-6@ %9d  %5d  %9.2f  %6.2f  %6.1f", name as NSString, size, sample.adds.count,
                        percentile(sample.adds, 0.5), percentile(sample.adds, 0.99), percentile(sample.rss, 0.5)))
            }
        }
        print("agent  pending   adds  median ms  p99 ms  RSS MB  bytes/pending")
        for size in sizes {
            for (name, _) in agents {
                guard let sample = samples["\(name) \(size)"] else { continue }
                print(
                    String(
                        format: "%-6@ %7d  %5d  %9.2f  %6.2f  %6.1f  %@", name as NSString, size, sample.adds.count,
                        percentile(sample.adds, 0.5), percentile(sample.adds, 0.99), percentile(sample.rss, 0.5),
                        size == 0
                            ? "-" as NSString
                            : String(format: "%.0f", percentile(sample.bytesPerPending, 0.5)) as NSString))
            }
        }
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    static func pending(_ index: Int, now: Date) -> PendingNotification {
        PendingNotification(
            app: app, request: DeliveryRequest(identifier: "seed\(index)", title: "Seed \(index)", body: "A body"),
            trigger: .timeInterval(seconds: 30 * 86_400, repeats: false), anchor: now.timeIntervalSince1970,
            nextFireDate: now.timeIntervalSince1970 + 30 * 86_400 + Double(index))
    }

    static func measure(agent path: String, store: Bool, pending count: Int, adds: Int) async throws
        -> (adds: [Double], rss: Double, bytesPerPending: Double)
    {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let base = try TemporaryDirectory("unotify-store-scale")
        let state = base.url.appendingPathComponent("unotify")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let now = Date()
        let seeds = (0..<count).map { pending($0, now: now) }
        if store {
            let watcher = try DBusConnection(address: bus.address)
            let session = try await watcher.busID()
            await watcher.close()
            try await PendingTable(database: AgentDatabase(directory: state)).add(contentsOf: seeds, session: session)
        } else {
            try PendingStore(directory: state).save(seeds)
        }
        try SettingsStore(directory: state).update(app) { $0 = .authorized(requesting: [.alert]) }
        var environment = bus.environment
        environment["XDG_STATE_HOME"] = base.path
        environment["UNOTIFY_DESKTOP_SETTINGS"] = "none"
        let process = try ChildProcess(path, [], environment: environment)
        defer { process.stop() }
        let watcher = try DBusConnection(address: bus.address)
        try await Eventually.wait(timeout: .seconds(120), "the agent owns its name") {
            try await watcher.nameOwner(of: "org.unotify.Agent") != nil
        }
        let client = try await AgentClient(address: bus.address, startAgent: false)
        var times: [Double] = []
        for index in 0..<adds {
            let start = ContinuousClock.now
            _ = try await client.add(
                app: app, request: DeliveryRequest(identifier: "add\(index)", title: "Add \(index)", body: "A body"),
                trigger: .timeInterval(seconds: 30 * 86_400, repeats: false))
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        let rss = residentMegabytes(process.pid)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: state.path)) ?? []
        let bytes = names.filter { store ? $0.hasPrefix("unotify.db") : $0 == "pending.json" }.reduce(0) {
            total, name in
            total
                + ((try? FileManager.default.attributesOfItem(atPath: state.appendingPathComponent(name).path)[.size]
                    as? Int) ?? 0)
        }
        await client.connection.close()
        await watcher.close()
        return (times, rss, Double(bytes) / Double(max(1, count + adds)))
    }

    /// VmRSS of `pid`, in MiB.
    static func residentMegabytes(_ pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return .nan }
        return kilobytes / 1024
    }

    /// One delivered notification as both agents keep it (`delivered.json`'s entries and the
    /// store's records are the same JSON), shown by `owner` under `id`.
    static func deliveredEntry(app: String, index: Int, owner: String, id: Int, date: Date) throws -> Data {
        let request = try JSONEncoder().encode(
            DeliveryRequest(identifier: "seen\(index)", title: "Seen \(index)", body: "A body"))
        var entry = "{\"app\":\"\(app)\",\"request\":"
        entry += String(decoding: request, as: UTF8.self)
        entry += ",\"date\":\(date.timeIntervalSinceReferenceDate),\"owner\":\"\(owner)\",\"id\":\(id),"
        entry += "\"appName\":\"\(app)\",\"appIcon\":\"\",\"summary\":\"Seen \(index)\",\"body\":\"A body\"}"
        return Data(entry.utf8)
    }

    static func measureSends(agent path: String, store: Bool, delivered count: Int, sends: Int) async throws
        -> (sends: [Double], rss: Double)
    {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let server = try await CountingNotificationServer(address: bus.address)
        let owner = server.connection.uniqueName
        let base = try TemporaryDirectory("unotify-store-scale")
        let state = base.url.appendingPathComponent("unotify")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let now = Date()
        var entries: [(app: String, id: Int, record: Data)] = []
        for index in 0..<count {
            let app = "org.example.Shown\(index % 100)"
            let id = 1_000_000 + index
            entries.append((app, id, try deliveredEntry(app: app, index: index, owner: owner, id: id, date: now)))
        }
        if store {
            let watcher = try DBusConnection(address: bus.address)
            let session = try await watcher.busID()
            await watcher.close()
            _ = try AgentDatabase(directory: state)
            let queue = try DatabaseQueue(path: state.appendingPathComponent(AgentDatabase.fileName).path)
            let rows = entries
            try await queue.write { db in
                for entry in rows {
                    try db.execute(
                        sql: "INSERT INTO delivered (session, owner, id, app, date, record) VALUES (?, ?, ?, ?, ?, ?)",
                        arguments: [session, owner, entry.id, entry.app, now.timeIntervalSince1970, entry.record])
                }
            }
            try queue.close()
        } else {
            var document = Data(#"{"version":1,"notifications":["#.utf8)
            for (index, entry) in entries.enumerated() {
                if index > 0 { document.append(UInt8(ascii: ",")) }
                document.append(entry.record)
            }
            document.append(contentsOf: Array("]}\n".utf8))
            try document.write(to: state.appendingPathComponent("delivered.json"))
        }
        try SettingsStore(directory: state).update(app) { $0 = .authorized(requesting: [.alert]) }
        var environment = bus.environment
        environment["XDG_STATE_HOME"] = base.path
        environment["UNOTIFY_DESKTOP_SETTINGS"] = "none"
        let process = try ChildProcess(path, [], environment: environment)
        defer { process.stop() }
        let watcher = try DBusConnection(address: bus.address)
        try await Eventually.wait(timeout: .seconds(120), "the agent owns its name") {
            try await watcher.nameOwner(of: "org.unotify.Agent") != nil
        }
        let client = try await AgentClient(address: bus.address, startAgent: false)
        // Warm-up: the agent has restored the delivered list and written it back once.
        for index in 0..<10 {
            _ = try await client.add(app: app, request: DeliveryRequest(identifier: "warm\(index)", title: "Warm"))
        }
        var times: [Double] = []
        for index in 0..<sends {
            let start = ContinuousClock.now
            _ = try await client.add(
                app: app, request: DeliveryRequest(identifier: "send\(index)", title: "Send \(index)", body: "A body"))
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        let rss = residentMegabytes(process.pid)
        await client.connection.close()
        await watcher.close()
        await server.stop()
        return (times, rss)
    }
}

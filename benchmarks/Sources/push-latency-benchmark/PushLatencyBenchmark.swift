import DBus
import Foundation
import NotificationAgent
import NotificationAgentClient
import TestSupport

/// Benchmark (not a test): a push's path from the distributor's `Message` to the server's
/// `Notify`, beside a local `Add`. A private bus, a fake notification server, a distributor
/// (TestSupport's) and the agent in one process; COUNT pushes (default 500), each a Web Push
/// message encrypted beforehand for the app's subscription, alternate with COUNT local adds.
/// Each sample is one call's round trip: the distributor's `Message` (or the client's `Add`),
/// answered once the agent has decrypted, read and shown it (the server's `Notify` answered).
/// Then the cost of decryption alone: a small message and one of 4 096 bytes, 2 000 times each.
@main
enum PushLatencyBenchmark {
    static let app = "org.example.Bench"

    static func main() async throws {
        let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 500
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-push-latency")
        let store = SettingsStore(directory: state.url)
        try store.update(app) { $0 = .authorized(requesting: [.alert]) }
        let agent = NotificationAgent(
            connection: try DBusConnection(address: bus.address), store: store,
            strings: PromptStrings(language: "en"))
        guard try await agent.start() else { fatalError("another agent owns the name") }
        let client = try await AgentClient(address: bus.address, startAgent: false)
        let distributor = try await FakeDistributor(address: bus.address)
        let subscription = try JSONSerialization.jsonObject(with: Data(try await client.registerPush(app: app).utf8))
        guard let keys = (subscription as? [String: Any])?["keys"] as? [String: String],
            let publicKey = Base64URL.decode(keys["p256dh"] ?? ""), let auth = Base64URL.decode(keys["auth"] ?? ""),
            let token = await distributor.registrations.keys.first
        else { fatalError("no subscription: \(subscription)") }
        let warmUp = 20
        let bodies = try (0..<(count + warmUp)).map { number in
            try WebPushEncryption.encrypt(
                Data(#"{"aps": {"alert": {"title": "p\#(number)", "body": "pushed"}}}"#.utf8), publicKey: publicKey,
                authSecret: auth)
        }
        var push: [Double] = []
        var local: [Double] = []
        let clock = ContinuousClock()
        for number in 0..<(count + warmUp) {
            let pushed = try await clock.measure { try await distributor.message(bodies[number], token: token) }
            _ = try await fake.nextCall()
            let added = try await clock.measure {
                _ = try await client.add(app: app, request: DeliveryRequest(identifier: "l\(number)", title: "local"))
            }
            _ = try await fake.nextCall()
            guard number >= warmUp else { continue }
            push.append(milliseconds(pushed))
            local.append(milliseconds(added))
        }
        print("samples: \(count) pushes and \(count) local adds, alternating (after \(warmUp) of each to warm up)")
        report("push: distributor Message -> Notify answered", push)
        report("local: Add -> Notify answered", local)
        try decryptionCost()
        await distributor.stop()
        await agent.stop()
    }

    static func decryptionCost() throws {
        let keys = WebPushKeys()
        let clock = ContinuousClock()
        for size in [60, WebPushDecryption.maximumBodyBytes - 86 - 17] {
            let body = try WebPushEncryption.encrypt(Data(repeating: 0x61, count: size), to: keys)
            var samples: [Double] = []
            for _ in 0..<2_000 {
                samples.append(milliseconds(try clock.measure { _ = try WebPushDecryption.decrypt(body, with: keys) }))
            }
            report("decrypt a \(body.count)-byte message", samples)
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    static func report(_ label: String, _ samples: [Double]) {
        let sorted = samples.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        print(
            label
                + String(
                    format: " ms: median %.3f, p99 %.3f, max %.3f", percentile(0.5), percentile(0.99), sorted.last ?? 0)
        )
    }
}

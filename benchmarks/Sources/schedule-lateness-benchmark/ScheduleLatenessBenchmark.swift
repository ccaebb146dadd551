import NotificationAgent
import DBus
import Foundation
import FreedesktopNotifications
import TestSupport
import UserNotifications

/// Benchmark (not a test): how late the agent fires scheduled notifications (the target:
/// p99 under 10 ms). A private bus, a fake notification server and the agent in one process;
/// COUNT requests (default 300) are scheduled to fire at random moments 2 to 6 s ahead; the
/// lateness of each is the time the fake server received its `Notify` minus its fire date.
/// Prints p50, p90, p99 and max in milliseconds.
@main
enum ScheduleLatenessBenchmark {
    static func main() async throws {
        let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 300
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-lateness")
        let store = SettingsStore(directory: state.url)
        try store.update("org.example.Bench") { $0 = .authorized(requesting: [.alert]) }
        let agent = NotificationAgent(
            connection: try DBusConnection(address: bus.address), store: store,
            strings: PromptStrings(language: "en"))
        guard try await agent.start() else { fatalError("another agent owns the name") }
        let client = try await AgentClient(address: bus.address, startAgent: false)
        var due: [String: Date] = [:]
        for n in 0..<count {
            let delay = Double.random(in: 2...6)
            let fireAt = Date().addingTimeInterval(delay)
            due["r\(n)"] = fireAt
            _ = try await client.add(
                app: "org.example.Bench", request: DeliveryRequest(identifier: "r\(n)", title: "r\(n)"),
                trigger: .timeInterval(seconds: delay, repeats: false))
        }
        var lateness: [Double] = []
        for _ in 0..<count {
            let call = try await fake.nextCall(timeout: .seconds(30))
            let arrived = Date()
            guard let fireAt = due[call.request.summary] else { continue }
            lateness.append(arrived.timeIntervalSince(fireAt) * 1000)
        }
        lateness.sort()
        func percentile(_ p: Double) -> Double { lateness[min(lateness.count - 1, Int(Double(lateness.count) * p))] }
        print("scheduled: \(count), fired: \(lateness.count)")
        print(
            String(
                format: "lateness ms: p50 %.2f, p90 %.2f, p99 %.2f, max %.2f, min %.2f",
                percentile(0.5), percentile(0.9), percentile(0.99), lateness.last ?? 0, lateness.first ?? 0))
        await agent.stop()
    }
}

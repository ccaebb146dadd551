import NotificationAgent
import Foundation
import FreedesktopNotifications
import UserNotifications

/// Benchmark (not a test): notifications per second into the running notification server, one
/// after another, each waiting for its answer (the throughput of add → Notify).
///
///     throughput-benchmark agent COUNT    through unotifyd: AgentClient.add, so the permission
///                                         pipeline, the mapping and the agent's Notify
///     throughput-benchmark client COUNT   FreedesktopNotifications.NotificationsClient.notify
///
/// Uses the session bus in `DBUS_SESSION_BUS_ADDRESS`; prints `MODE COUNT SECONDS RATE`.
/// `benchmarks/throughput` runs it beside libnotify and python-dbus loops on one desktop.
@main
enum ThroughputBenchmark {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count == 2, let count = Int(arguments[1]), count > 0,
            ["agent", "client"].contains(arguments[0])
        else {
            FileHandle.standardError.write(Data("usage: throughput-benchmark agent|client COUNT\n".utf8))
            exit(2)
        }
        let clock = ContinuousClock()
        let elapsed: Duration
        if arguments[0] == "agent" {
            let client = try await AgentClient()
            let app = "org.example.Throughput"
            _ = try await client.setSettings(app: app, changes: AppSettings.authorized(requesting: [.alert]).wire)
            let start = clock.now
            for n in 0..<count {
                _ = try await client.add(
                    app: app,
                    request: DeliveryRequest(
                        identifier: "n\(n)", title: "Throughput \(n)",
                        body: "agent"))
            }
            elapsed = clock.now - start
        } else {
            let client = try NotificationsClient.sessionBus()
            let start = clock.now
            for n in 0..<count {
                _ = try await client.notify(
                    NotifyRequest(appName: "throughput", summary: "Throughput \(n)", body: "client"))
            }
            elapsed = clock.now - start
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(String(format: "%@ %d %.3f %.1f", arguments[0], count, seconds, Double(count) / seconds))
    }
}

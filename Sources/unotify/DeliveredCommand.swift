import ArgumentParser
import FreedesktopNotifications
import NotificationAgentClient

/// `unotify delivered --app ID`: what the notification server still shows for an app.
struct DeliveredCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delivered",
        abstract:
            "List an app's notifications that the server still shows (one per line: identifier, server id, title).",
        discussion: """
            With --json, each has the time it was shown in both forms: "date" (seconds since 1970, a \
            number) and "dateISO8601" (local time as ISO 8601, as 2026-11-29T14:05:00+01:00).
            """)

    @Option(help: "The app's identifier.") var app: String
    @Flag(help: "Print one JSON array.") var json = false

    func run() async throws {
        let client = try await AgentClientConnection.open()
        do {
            let items = try await client.delivered(app: app)
            if json {
                StandardOutput.write(
                    JSONText.array(
                        items.map {
                            JSONText.object([
                                ("identifier", JSONText.string($0.request.identifier)),
                                ("serverID", String($0.serverID.rawValue)),
                                ("date", String($0.date)),
                                (
                                    "dateISO8601",
                                    LocalTimestamp.iso8601(secondsSince1970: $0.date).map(JSONText.string) ?? "null"
                                ),
                                ("title", JSONText.string($0.request.title)),
                                ("body", JSONText.string($0.request.body)),
                            ])
                        }))
            } else {
                for item in items {
                    StandardOutput.write("\(item.request.identifier)\t\(item.serverID.rawValue)\t\(item.request.title)")
                }
            }
        } catch let error as AgentError {
            throw CommandFailure(error)
        }
    }
}

import ArgumentParser
import FreedesktopNotifications
import NotificationAgentClient

/// `unotify delivered --app ID`: what the notification server still shows for an app.
struct DeliveredCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delivered",
        abstract:
            "List an app's notifications that the server still shows (one per line: identifier, server id, title).")

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
                                ("date", String($0.date)), ("title", JSONText.string($0.request.title)),
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

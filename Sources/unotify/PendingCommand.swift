import ArgumentParser
import NotificationAgentClient

/// `unotify pending --app ID`: an app's requests waiting for their trigger.
struct PendingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract:
            "List an app's scheduled notifications (one per line: identifier, next delivery in seconds since 1970, title)."
    )

    @Option(help: "The app's identifier.") var app: String
    @Flag(help: "Print one JSON array.") var json = false

    func run() async throws {
        let client = try await AgentClientConnection.open()
        do {
            let items = try await client.pending(app: app)
            if json {
                StandardOutput.write(
                    JSONText.array(
                        items.map {
                            JSONText.object([
                                ("identifier", JSONText.string($0.request.identifier)),
                                ("next", String($0.nextFireDate)),
                                ("repeats", Self.repeats($0.trigger) ? "true" : "false"),
                                ("title", JSONText.string($0.request.title)),
                                ("body", JSONText.string($0.request.body)),
                            ])
                        }))
            } else {
                for item in items {
                    StandardOutput.write(
                        "\(item.request.identifier)\t\(Self.wholeSeconds(item.nextFireDate))\t\(item.request.title)")
                }
            }
        } catch let error as AgentError {
            throw CommandFailure(error)
        }
    }

    /// A date in whole seconds since 1970; one that no `Int64` holds (from a damaged schedule)
    /// is printed as the `Double` it is, never trapping.
    static func wholeSeconds(_ date: Double) -> String {
        Int64(exactly: date.rounded(.down)).map(String.init) ?? String(date)
    }

    static func repeats(_ trigger: TriggerRecord) -> Bool {
        switch trigger {
        case .timeInterval(_, let repeats), .calendar(_, let repeats): repeats
        }
    }
}

import ArgumentParser
import NotificationAgentClient

/// `unotify pending --app ID`: an app's requests waiting for their trigger.
struct PendingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract:
            "List an app's scheduled notifications (one per line: identifier, next delivery in local time as ISO 8601, title).",
        discussion: """
            The next delivery is printed as 2026-11-29T14:05:00+01:00, in the zone TZ names (else \
            /etc/localtime's); with --epoch, in whole seconds since 1970. With --json, each request \
            has both: "next" (seconds since 1970, a number) and "nextISO8601" (the local time).
            """
    )

    @Option(help: "The app's identifier.") var app: String
    @Flag(help: "Print one JSON array (with the next delivery in both forms).") var json = false
    @Flag(help: "Print the next delivery in whole seconds since 1970 instead of local time.") var epoch = false

    func validate() throws {
        if epoch, json {
            throw ValidationError("--epoch is for the text lines; --json has both \"next\" and \"nextISO8601\"")
        }
    }

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
                                (
                                    "nextISO8601",
                                    LocalTimestamp.iso8601(secondsSince1970: $0.nextFireDate).map(JSONText.string)
                                        ?? "null"
                                ),
                                ("repeats", Self.repeats($0.trigger) ? "true" : "false"),
                                ("title", JSONText.string($0.request.title)),
                                ("body", JSONText.string($0.request.body)),
                            ])
                        }))
            } else {
                for item in items {
                    let next = epoch ? Self.wholeSeconds(item.nextFireDate) : Self.printed(item.nextFireDate)
                    StandardOutput.write("\(item.request.identifier)\t\(next)\t\(item.request.title)")
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

    /// A date in local time as ISO 8601 (``LocalTimestamp``); one the C library cannot convert
    /// (from a damaged schedule) in whole seconds since 1970, as `--epoch` prints it.
    static func printed(_ date: Double) -> String {
        LocalTimestamp.iso8601(secondsSince1970: date) ?? wholeSeconds(date)
    }

    static func repeats(_ trigger: TriggerRecord) -> Bool {
        switch trigger {
        case .timeInterval(_, let repeats), .calendar(_, let repeats): repeats
        }
    }
}

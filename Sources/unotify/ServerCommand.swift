import ArgumentParser
import DesktopIntegration
import FreedesktopNotifications

/// `unotify server`: which notification server runs, and what it can do.
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract:
            "Print the notification server's name, vendor, version, spec version and capabilities (--explain: what works and what degrades).",
        helpNames: [.long, .customShort("?")])

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Flag(
        help:
            "Explain what works on this server, what degrades and how, whether the desktop's do-not-disturb is on (and where it was read), which UnifiedPush distributor remote notifications use, and which push servers the registered apps' messages go through."
    )
    var explain = false

    func run() async throws {
        do {
            let client = try NotificationsClient.sessionBus()
            let information = try await client.serverInformation()
            let capabilities = try await client.capabilities()
            if explain {
                let profile = ServerProfile(information: information, capabilities: capabilities)
                StandardOutput.write(
                    "\(information.name) \(information.version) (\(information.vendor)), spec \(information.specVersion)"
                )
                for line in profile.explanation + (profile.doNotDisturbExplanation.map { [$0] } ?? []) {
                    StandardOutput.write("\(line.works ? "works   " : "degrades") \(line.feature): \(line.detail)")
                }
                StandardOutput.write(await Self.doNotDisturbLine(client, profile))
                for line in await Self.pushExplanation() { StandardOutput.write(line) }
                for quirk in profile.quirks {
                    StandardOutput.write("measured \(quirk.behaviour.summary) (\(quirk.versions)): \(quirk.evidence)")
                }
                for row in DoNotDisturbRow.rows(for: information) {
                    StandardOutput.write("measured \(row.place.summary) (\(row.server.versions)): \(row.evidence)")
                }
            } else if json {
                StandardOutput.write(
                    JSONText.object([
                        ("name", JSONText.string(information.name)),
                        ("vendor", JSONText.string(information.vendor)),
                        ("version", JSONText.string(information.version)),
                        ("specVersion", JSONText.string(information.specVersion)),
                        ("capabilities", JSONText.array(capabilities.strings.map(JSONText.string))),
                    ]))
            } else {
                StandardOutput.write(
                    """
                    name: \(information.name)
                    vendor: \(information.vendor)
                    version: \(information.version)
                    spec version: \(information.specVersion)
                    capabilities: \(capabilities)
                    """)
            }
        } catch let error as NotificationServerError {
            throw CommandFailure(error)
        }
    }
}

import DBus
import Glibc
import NotificationAgentClient

extension ServerCommand {
    /// The `--explain` line that names the UnifiedPush distributor remote notifications use, as
    /// the agent chooses it: "push distributor: org.unifiedpush.Distributor.kde", or "none".
    static func pushDistributorLine() async -> String {
        await pushDistributor().line
    }

    /// The `--explain` lines of remote notifications: the distributor, then the push servers
    /// (``pushServerLines()``). Without a distributor no app can be registered, and the agent is
    /// not asked (nor started).
    static func pushExplanation() async -> [String] {
        let distributor = await pushDistributor()
        guard distributor.chosen else { return [distributor.line] }
        return [distributor.line] + (await pushServerLines())
    }

    /// The distributor's line, and whether one is chosen.
    private static func pushDistributor() async -> (line: String, chosen: Bool) {
        do {
            let connection = try DBusConnection.sessionBus()
            defer { Task { await connection.close() } }
            let names = try await connection.listNames()
            let variable = UnifiedPush.distributorVariable.withCString { getenv($0) }.map { String(cString: $0) }
            guard
                let choice = DistributorChoice.choose(
                    among: names, variable: variable, stored: DistributorPreference.read())
            else {
                return (
                    "push distributor: none (no org.unifiedpush.Distributor.* name on the session bus: "
                        + "remote notifications cannot be registered)", false
                )
            }
            return ("push distributor: \(choice.name)" + (choice.note.map { " (\($0))" } ?? ""), true)
        } catch {
            return ("push distributor: unavailable (the session bus could not be asked: \(error))", false)
        }
    }

    /// The `--explain` lines that name the push servers the registered apps' messages go
    /// through, as the agent knows them from the endpoints the distributor gave: "push server:
    /// https://ntfy.example.org", one a server, or one line saying why none is named.
    static func pushServerLines() async -> [String] {
        do {
            let client = try await AgentClient()
            let origins = try await client.pushServers()
            guard !origins.isEmpty else {
                return ["push server: none known yet (it is known once an app registers: unotify push --register APP)"]
            }
            return origins.map(PushServerLine.line(origin:))
        } catch {
            return ["push server: unknown (the agent could not be asked: \(error))"]
        }
    }
}

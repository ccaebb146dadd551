import DBus
import Glibc
import NotificationAgentClient

extension ServerCommand {
    /// The `--explain` line that names the UnifiedPush distributor remote notifications use, as
    /// the agent chooses it: "push distributor: org.unifiedpush.Distributor.kde", or "none".
    static func pushDistributorLine() async -> String {
        do {
            let connection = try DBusConnection.sessionBus()
            defer { Task { await connection.close() } }
            let names = try await connection.listNames()
            let variable = UnifiedPush.distributorVariable.withCString { getenv($0) }.map { String(cString: $0) }
            guard
                let choice = DistributorChoice.choose(
                    among: names, variable: variable, stored: DistributorPreference.read())
            else {
                return "push distributor: none (no org.unifiedpush.Distributor.* name on the session bus: "
                    + "remote notifications cannot be registered)"
            }
            return "push distributor: \(choice.name)" + (choice.note.map { " (\($0))" } ?? "")
        } catch {
            return "push distributor: unavailable (the session bus could not be asked: \(error))"
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

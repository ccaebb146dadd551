import DBus
import Foundation

/// The match rules a bus holds, from the bus daemon itself (`GetAllMatchRules`): how a test
/// knows that a process has subscribed, with no sleep.
public enum BusMatchRules {
    /// How many match rules on `connection`'s bus contain `text` (read in their debug form,
    /// where quotes are escaped: look for a bare word such as a member name).
    public static func count(on connection: DBusConnection, mentioning text: String) async throws -> Int {
        let reply = try await connection.call(
            .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus.Debug.Stats", member: "GetAllMatchRules", body: []))
        return reply.body.description.components(separatedBy: text).count - 1
    }
}

import DBus
import Foundation

/// A process's own connection to a bus, found by its process id: what a test pings to make
/// that process wake up and answer (libdbus answers `org.freedesktop.DBus.Peer.Ping` itself,
/// in the process's own dispatch).
public enum BusPeer {
    /// The unique names (`:1.N`) on `client`'s bus owned by process `pid`.
    public static func uniqueNames(ofProcess pid: pid_t, on client: DBusConnection) async throws -> [String] {
        let reply = try await client.call(
            .methodCall(
                destination: DBusConnection.busDaemon, path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: "ListNames"))
        guard case .array(_, let values)? = reply.body.first else {
            throw TestSupportError("ListNames answered with signature '\(reply.bodySignature)'")
        }
        var names: [String] = []
        for case .string(let name) in values where name.hasPrefix(":") {
            // try?: a name whose owner left meanwhile has no process to report; the next name is looked at
            guard let owner = try? await client.processID(of: BusName(validating: name)) else { continue }
            if owner == UInt32(pid) { names.append(name) }
        }
        return names
    }

    /// Pings every connection of process `pid` on `client`'s bus and waits (bounded) for each
    /// answer; throws when the process has none.
    public static func ping(process pid: pid_t, on client: DBusConnection) async throws {
        let names = try await uniqueNames(ofProcess: pid, on: client)
        guard !names.isEmpty else { throw TestSupportError("process \(pid) has no connection on the bus") }
        for name in names {
            _ = try await client.call(
                .methodCall(
                    destination: try BusName(validating: name), path: "/", interface: "org.freedesktop.DBus.Peer",
                    member: "Ping"),
                timeout: .seconds(10))
        }
    }
}

import DBus
import Foundation

/// Do-not-disturb on a server that offers it (KDE Plasma's `Inhibit` / `UnInhibit` and its
/// `Inhibited` property), switched on as an app such as a presentation tool does: the
/// inhibition lasts until ``end()`` or until this connection leaves the bus.
public final class DoNotDisturb: @unchecked Sendable {
    private let connection: DBusConnection
    private let cookie: UInt32

    /// Calls `Inhibit(desktop_entry, reason, hints)` on the server of the bus at `address`.
    public init(address: String) async throws {
        connection = try DBusConnection(address: address)
        let hints: [String: DBusVariant] = [:]
        let reply = try await connection.call(
            Self.call("Inhibit", [.string("org.example.Focus"), .string("Focus"), hints.dbusValue]))
        guard reply.body.count == 1, case .uint32(let cookie) = reply.body[0] else {
            throw TestSupportError("Inhibit answered \(reply.body), expected one uint32 cookie")
        }
        self.cookie = cookie
    }

    /// The server's `Inhibited` property.
    public func isInhibited() async throws -> Bool {
        let reply = try await connection.call(
            .methodCall(
                destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
                interface: "org.freedesktop.DBus.Properties", member: "Get",
                body: [.string("org.freedesktop.Notifications"), .string("Inhibited")]))
        guard reply.body.count == 1, case .variant(.boolean(let inhibited)) = reply.body[0] else {
            throw TestSupportError("Get(Inhibited) answered \(reply.body), expected a boolean variant")
        }
        return inhibited
    }

    /// `UnInhibit(cookie)`: do-not-disturb ends.
    public func end() async throws {
        _ = try await connection.call(Self.call("UnInhibit", [.uint32(cookie)]))
    }

    private static func call(_ member: MemberName, _ body: [DBusValue]) -> DBusMessage {
        .methodCall(
            destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
            interface: "org.freedesktop.Notifications", member: member, body: body)
    }
}

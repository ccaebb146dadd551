import DBus
import Foundation

/// The distributor's calls to the connector (`/org/unifiedpush/Connector` on the registration's
/// service name): through `Connector2` (one `a{sv}`) or `Connector1` (positional arguments), as
/// the app registered. A call to a name nobody owns starts its owner by D-Bus activation.
extension FakeDistributor {
    /// `Message`'s fields after the token: the raw body and the message's id.
    func messageFields(_ body: Data, id: String) -> [(String, DBusValue)] {
        [("message", [UInt8](body).dbusValue), ("id", .string(id))]
    }

    /// Calls `member` on `registration`'s connector with `token` and `fields` (in Connector1's
    /// order); waits for the reply when `waiting` says so, else as ``connectorCalls`` says.
    func callConnector(
        _ registration: Registration, _ member: MemberName, token: String, _ fields: [(String, DBusValue)],
        waiting: Bool? = nil
    ) async throws {
        let interface = registration.version == 2 ? Self.connector2 : Self.connector1
        let body: [DBusValue]
        if registration.version == 2 {
            var arguments: [String: DBusVariant] = ["token": DBusVariant(token)]
            for (key, value) in fields { arguments[key] = DBusVariant(value) }
            body = [arguments.dbusValue]
        } else {
            body = [.string(token)] + fields.map(\.1)
        }
        var message = DBusMessage.methodCall(
            destination: try BusName(validating: registration.service), path: Self.connectorPath,
            interface: interface, member: member, body: body)
        log.write([
            "direction": .string("sent"), "interface": .string(interface.rawValue), "member": .string(member.rawValue),
            "service": .string(registration.service), "token": .string(token),
        ])
        if waiting ?? (connectorCalls == .waitForReply) {
            _ = try await connection.call(message, timeout: Self.messageTimeout)
        } else {
            message.noReplyExpected = true
            _ = try await connection.send(message)
        }
    }

    /// Keeps `body` under `id` for redelivery, dropping the oldest past ``heldLimit``.
    func hold(_ id: String, resource: String, body: Data) {
        if held.updateValue((resource, body), forKey: id) == nil { heldOrder.append(id) }
        while heldOrder.count > Self.heldLimit { held[heldOrder.removeFirst()] = nil }
    }
}

import NotificationAgentClient
import DBus

/// A call a distributor makes on the connector, read from either interface version; `nil`
/// for a call that does not follow the spec (which the spec says to ignore).
package enum ConnectorCall: Equatable, Sendable {
    case message(token: String, body: [UInt8], id: String)
    case newEndpoint(token: String, endpoint: String)
    case unregistered(token: String)

    /// The token the call is about.
    package var token: String {
        switch self {
        case .message(let token, _, _), .newEndpoint(let token, _), .unregistered(let token): token
        }
    }

    /// Reads `message` (a `Connector2` call's `a{sv}` or a `Connector1` call's positional arguments).
    package init?(_ message: DBusMessage) {
        guard let member = message.member?.rawValue else { return nil }
        var fields: [String: DBusValue] = [:]
        if message.interface == UnifiedPush.connector1 {
            let names =
                [
                    "Message": ["token", "message", "id"], "NewEndpoint": ["token", "endpoint"],
                    "Unregistered": ["token"],
                ][member] ?? []
            guard names.count == message.body.count else { return nil }
            fields = Dictionary(uniqueKeysWithValues: zip(names, message.body))
        } else {
            // try?: a malformed call is refused by the caller (nil), which answers the distributor with an error
            guard let first = message.body.first, let dictionary = try? [String: DBusVariant](dbusValue: first) else {
                return nil
            }
            fields = dictionary.mapValues(\.value)
        }
        // try?: a malformed call is refused by the caller (nil), which answers the distributor with an error
        guard let token = fields["token"].flatMap({ try? String(dbusValue: $0) }), !token.isEmpty,
            token.utf8.count <= 100
        else { return nil }
        switch member {
        case "Message":
            // try?: a malformed call is refused by the caller (nil), which answers the distributor with an error
            guard let value = fields["message"], let body = try? [UInt8](dbusValue: value) else { return nil }
            // try?: the message id is optional in UnifiedPush: none is ""
            let id = fields["id"].flatMap { try? String(dbusValue: $0) } ?? ""
            self = .message(token: token, body: body, id: id)
        case "NewEndpoint":
            // try?: a malformed call is refused by the caller (nil), which answers the distributor with an error
            guard let endpoint = fields["endpoint"].flatMap({ try? String(dbusValue: $0) }),
                endpoint.utf8.count <= 1_000
            else { return nil }
            self = .newEndpoint(token: token, endpoint: endpoint)
        case "Unregistered":
            self = .unregistered(token: token)
        default:
            return nil
        }
    }
}

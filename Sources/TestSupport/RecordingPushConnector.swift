import DBus
import Foundation
import Synchronization

/// A UnifiedPush connector for tests of the distributor itself: owns `name` on a bus, serves
/// `org.unifiedpush.Connector1` and `Connector2` at `/org/unifiedpush/Connector`, and records
/// every call, as the specification's connector receives them.
public final class RecordingPushConnector: Sendable {
    /// One call from the distributor.
    public struct Call: Sendable {
        /// `org.unifiedpush.Connector1` or `org.unifiedpush.Connector2`.
        public var interface: String
        /// `NewEndpoint`, `Message` or `Unregistered`.
        public var member: String
        /// The arguments by name: Connector2's dictionary, or Connector1's positional arguments
        /// under the names the Connector2 dictionary uses (token, endpoint, message, id).
        public var arguments: [String: DBusValue]
        /// Whether the caller asked for no reply, as the specification requires of it.
        public var noReplyExpected: Bool
    }

    public static let path: ObjectPath = "/org/unifiedpush/Connector"
    public let connection: DBusConnection
    private let calls = CallLog()

    /// The calls so far, shared with the connection's handler.
    private final class CallLog: Sendable {
        let list = Mutex<[Call]>([])
    }

    /// Starts the connector on the bus at `address` under `name`.
    public init(address: String, name: BusName) async throws {
        connection = try DBusConnection(address: address)
        let calls = self.calls
        await connection.export(path: Self.path) { message in
            let interface = message.interface?.rawValue ?? ""
            let member = message.member?.rawValue ?? ""
            let arguments = try Self.arguments(of: message, interface: interface, member: member)
            calls.list.withLock {
                $0.append(
                    Call(
                        interface: interface, member: member, arguments: arguments,
                        noReplyExpected: message.noReplyExpected))
            }
            if interface == "org.unifiedpush.Connector2" {
                let answer: [String: DBusVariant] =
                    member == "Message" ? arguments["id"].map { ["id": DBusVariant($0)] } ?? [:] : [:]
                return [answer.dbusValue]
            }
            return []
        }
        guard try await connection.requestName(name) == .primaryOwner else {
            throw TestSupportError("\(name) is already owned on this bus")
        }
    }

    /// The calls received so far, in order.
    public var received: [Call] { calls.list.withLock { $0 } }

    /// Waits (bounded) until `count` calls named `member` have come; returns them.
    public func calls(_ member: String, count: Int = 1, timeout: Duration = TestPatience.event) async throws -> [Call] {
        try await Eventually.wait(timeout: timeout, "\(count) \(member) call(s) at the connector") {
            self.received.filter { $0.member == member }.count >= count
        }
        return received.filter { $0.member == member }
    }

    private static func arguments(of message: DBusMessage, interface: String, member: String) throws -> [String:
        DBusValue]
    {
        if interface == "org.unifiedpush.Connector2" {
            let dictionary = try [String: DBusVariant](dbusValue: message.body.first ?? .string(""))
            return dictionary.mapValues(\.value)
        }
        let names: [String] =
            switch member {
            case "NewEndpoint": ["token", "endpoint"]
            case "Message": ["token", "message", "id"]
            default: ["token"]
            }
        guard names.count == message.body.count else {
            throw DBusError(.invalidArgs, "\(member) takes \(names.count) argument(s), got \(message.body.count)")
        }
        return Dictionary(uniqueKeysWithValues: zip(names, message.body))
    }
}

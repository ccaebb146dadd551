import DBus
import Foundation

/// A UnifiedPush distributor for the agent's tests, on a private bus: answers `Register` with
/// success and then calls the connector's `NewEndpoint`, `Unregister` with `Unregistered`, and
/// sends messages the test gives it; through `Distributor2`, and `Distributor1` when asked.
public actor FakeDistributor {
    /// One registration: the connector's service name, the interface version it registered
    /// through, the endpoint given, and the app server's VAPID key when one was given.
    public struct Registration: Equatable, Sendable {
        public var service: String
        public var version: Int
        public var endpoint: String
        public var vapid: String?
    }

    static let distributorPath: ObjectPath = "/org/unifiedpush/Distributor"
    static let connectorPath: ObjectPath = "/org/unifiedpush/Connector"
    static let connector1: InterfaceName = "org.unifiedpush.Connector1"
    static let connector2: InterfaceName = "org.unifiedpush.Connector2"

    public let connection: DBusConnection
    public let name: BusName
    /// The registrations by token.
    public private(set) var registrations: [String: Registration] = [:]
    /// The tokens unregistered, in order.
    public private(set) var unregistered: [String] = []
    private var registerCount = 0

    /// A distributor owning `name` on the bus at `address`, serving the interface `versions`.
    public init(address: String, name: BusName = "org.unifiedpush.Distributor.fake", versions: Set<Int> = [1, 2])
        async throws
    {
        connection = try DBusConnection(address: address)
        self.name = name
        let interfaces = [Self.version2, Self.version1].filter {
            versions.contains($0.name == Self.version2.name ? 2 : 1)
        }
        await connection.export(path: Self.distributorPath, interfaces: interfaces) { [weak self] message in
            guard let self else { return [] }
            return try await self.handle(message)
        }
        _ = try await connection.requestName(name)
    }

    /// How many `Register` calls came.
    public var registers: Int { registerCount }

    /// Leaves the bus (a distributor that quits).
    public func stop() async {
        // try?: stopping: the bus drops the name with the connection anyway
        try? await connection.releaseName(name)
        await connection.close()
    }

    /// How long `Message` waits for the connector's reply: libdbus's and GDBus's default, which
    /// the distributors use. The agent answers once it has shown the message; a flood of a
    /// thousand at once is answered one after another, which a loaded two-core machine took
    /// over 10 s to finish.
    public static let messageTimeout: Duration = .seconds(25)

    /// Sends `body` to the connector registered with `token`, as `Message`, and waits for its reply.
    public func message(_ body: Data, token: String, id: String = UUID().uuidString) async throws {
        let registration = try registration(token)
        let message: DBusMessage
        if registration.version == 2 {
            let arguments: [String: DBusVariant] = [
                "token": DBusVariant(token), "message": DBusVariant([UInt8](body)), "id": DBusVariant(id),
            ]
            message = .methodCall(
                destination: try BusName(validating: registration.service), path: Self.connectorPath,
                interface: Self.connector2, member: "Message", body: [arguments.dbusValue])
        } else {
            message = .methodCall(
                destination: try BusName(validating: registration.service), path: Self.connectorPath,
                interface: Self.connector1, member: "Message",
                body: [.string(token), [UInt8](body).dbusValue, .string(id)])
        }
        _ = try await connection.call(message, timeout: Self.messageTimeout)
    }

    /// Ends the registration of `token` on the distributor's side (a user removing it, an
    /// expired push server account): forgets it and calls the connector's `Unregistered`.
    /// Calls the connector's `NewEndpoint` for `token` with `endpoint` (a push service that moved
    /// the subscription), and returns once the connector answered.
    public func sendNewEndpoint(_ endpoint: String, token: String) async throws {
        var registration = try registration(token)
        registration.endpoint = endpoint
        registrations[token] = registration
        try await call(registration, "NewEndpoint", token: token, ["endpoint": endpoint])
    }

    public func dropRegistration(_ token: String) async throws {
        let registration = try registration(token)
        registrations[token] = nil
        try await call(registration, "Unregistered", token: token, [:])
    }

    private func registration(_ token: String) throws -> Registration {
        guard let registration = registrations[token] else { throw DBusError(.invalidArgument, "no token \(token)") }
        return registration
    }

    private func handle(_ message: DBusMessage) async throws -> [DBusValue] {
        let version = message.interface?.rawValue == "org.unifiedpush.Distributor1" ? 1 : 2
        var fields: [String: String] = [:]
        if version == 2 {
            let dictionary = try [String: DBusVariant](dbusValue: message.body.first ?? .string(""))
            // try?: a field that is not a string is not one the fake reads
            fields = dictionary.compactMapValues { try? String(dbusValue: $0.value) }
        } else {
            let strings = try message.body.map { try String(dbusValue: $0) }
            let names = message.member?.rawValue == "Register" ? ["service", "token", "description"] : ["token"]
            fields = Dictionary(uniqueKeysWithValues: zip(names, strings))
        }
        let token = fields["token"] ?? ""
        switch message.member?.rawValue {
        case "Register":
            registerCount += 1
            let endpoint = registrations[token]?.endpoint ?? "http://127.0.0.1:9/up/" + UUID().uuidString
            let registration = Registration(
                service: fields["service"] ?? "", version: version, endpoint: endpoint, vapid: fields["vapid"])
            registrations[token] = registration
            Task { try await self.call(registration, "NewEndpoint", token: token, ["endpoint": endpoint]) }
            let success = "REGISTRATION_SUCCEEDED"
            return version == 2 ? [["success": DBusVariant(success)].dbusValue] : [.string(success), .string("")]
        default:
            unregistered.append(token)
            if let registration = registrations.removeValue(forKey: token) {
                Task { try await self.call(registration, "Unregistered", token: token, [:]) }
            }
            return version == 2 ? [[String: DBusVariant]().dbusValue] : []
        }
    }

    private func call(_ registration: Registration, _ member: MemberName, token: String, _ extra: [String: String])
        async throws
    {
        var message: DBusMessage
        if registration.version == 2 {
            var arguments: [String: DBusVariant] = ["token": DBusVariant(token)]
            for (key, value) in extra { arguments[key] = DBusVariant(value) }
            message = .methodCall(
                destination: try BusName(validating: registration.service), path: Self.connectorPath,
                interface: Self.connector2, member: member, body: [arguments.dbusValue])
        } else {
            message = .methodCall(
                destination: try BusName(validating: registration.service), path: Self.connectorPath,
                interface: Self.connector1, member: member,
                body: [.string(token)] + extra.values.map { .string($0) })
            message.noReplyExpected = true
        }
        if message.noReplyExpected {
            _ = try await connection.send(message)
        } else {
            _ = try await connection.call(message, timeout: .seconds(10))
        }
    }

    static let version2 = DBusInterfaceDescription(
        "org.unifiedpush.Distributor2", documentation: "A test distributor.",
        methods: ["Register", "Unregister"].map {
            DBusMethodDescription(
                MemberName(stringLiteral: $0), arguments: [DBusArgumentDescription("args", "a{sv}")],
                reply: [DBusArgumentDescription("res", "a{sv}")], documentation: "")
        })

    static let version1 = DBusInterfaceDescription(
        "org.unifiedpush.Distributor1", documentation: "A test distributor, version 1.",
        methods: [
            DBusMethodDescription(
                "Register",
                arguments: [
                    DBusArgumentDescription("serviceName", "s"), DBusArgumentDescription("token", "s"),
                    DBusArgumentDescription("description", "s"),
                ],
                reply: [
                    DBusArgumentDescription("registrationResult", "s"),
                    DBusArgumentDescription("registrationResultReason", "s"),
                ], documentation: ""),
            DBusMethodDescription("Unregister", arguments: [DBusArgumentDescription("token", "s")], documentation: ""),
        ])
}

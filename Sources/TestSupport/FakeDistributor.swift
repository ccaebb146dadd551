import DBus
import FlyingFox
import Foundation

/// The tests' UnifiedPush distributor, after the UnifiedPush D-Bus specification (DBUS 0.3.0)
/// and, when asked, RFC 8030's push resource on loopback. In the tests' process on a private bus
/// (the agent's tests, the CLI's, the benchmarks), or as a process of its own on a desktop's bus
/// (`test-push-distributor`, for the end-to-end tests).
///
/// - D-Bus: owns `name` and serves `org.unifiedpush.Distributor2` and `Distributor1` at
///   `/org/unifiedpush/Distributor`; a version left out of `versions` is introspected but
///   answers `UnknownMethod`, so that a connector falls back. `Register` answers
///   `REGISTRATION_SUCCEEDED` (`REGISTRATION_FAILED` for a token another service holds), then
///   calls the connector's `NewEndpoint` through `Connector2` or `Connector1`, as the app
///   registered; the same token again gives the same endpoint. `Unregister` forgets the
///   registration and calls `Unregistered` (v2: the token; v1: an empty token, a confirmation).
///   A call whose fields break the specification changes nothing and is answered `InvalidArgs`.
/// - Calls to the connector wait for its answer or not (``ConnectorCalls``); ``message(_:token:id:)``
///   always waits, so that a test knows the agent took the message.
/// - HTTP (with `pushService`): each endpoint is `http://127.0.0.1:PORT/up/<20 random bytes,
///   base64url>`; see ``answer(_:body:)`` for what a POST gets.
/// - With `log`, each D-Bus call sent or received and each POST is one JSON line.
public actor FakeDistributor {
    /// One registration: the connector's service name, the interface version it registered
    /// through, the endpoint given, and the app server's VAPID key when one was given.
    public struct Registration: Equatable, Sendable {
        /// The connector's bus name.
        public var service: String
        /// The interface version it registered through: 1 or 2.
        public var version: Int
        /// The endpoint given to the connector.
        public var endpoint: String
        /// The app server's VAPID public key (base64url), when the registration is restricted.
        public var vapid: String?
        /// The endpoint's last part, where the push service takes this registration's messages.
        public var resource: String
    }

    /// Whether the distributor's own calls to the connector (`NewEndpoint`, `Unregistered`, and
    /// `Message` for a push its HTTP endpoint took) wait for the connector's answer.
    public enum ConnectorCalls: Sendable {
        /// Each call waits for its reply (at most ``FakeDistributor/messageTimeout``): the
        /// in-process tests' default, a call the agent refused is an error in their log.
        case waitForReply
        /// Each call is sent without asking for a reply, as the specification requires of a
        /// distributor ("MUST NOT wait for a response"): the process form's default.
        case fireAndForget
    }

    static let distributorPath: ObjectPath = "/org/unifiedpush/Distributor"
    static let connectorPath: ObjectPath = "/org/unifiedpush/Connector"
    static let distributor1: InterfaceName = "org.unifiedpush.Distributor1"
    static let connector1: InterfaceName = "org.unifiedpush.Connector1"
    static let connector2: InterfaceName = "org.unifiedpush.Connector2"
    /// Where endpoints point without a push service: a port nobody listens on.
    static let deadBaseURL = "http://127.0.0.1:9"

    /// The distributor's connection to the bus.
    public let connection: DBusConnection
    /// The name it owns (or asked for).
    public let name: BusName
    /// Whether the bus gave it `name` (another owner keeps it otherwise).
    public private(set) var ownsName = false
    /// How its calls to the connector go.
    public let connectorCalls: ConnectorCalls
    /// The interface versions it serves.
    public let versions: Set<Int>
    let log: JSONLinesLog
    let minimumUrgency: PushUrgency
    /// How long it waits after a `Register` before it sends the `NewEndpoint` (a push service
    /// slow to answer).
    let endpointDelay: Duration
    /// Where its endpoints live: `http://127.0.0.1:PORT` with a push service.
    public internal(set) var baseURL = FakeDistributor.deadBaseURL
    /// The registrations by token.
    public private(set) var registrations: [String: Registration] = [:]
    /// The tokens unregistered, in order.
    public private(set) var unregistered: [String] = []
    private var registerCount = 0
    /// The resources of ended registrations: a POST there is answered 410 Gone.
    var gone: Set<String> = []
    /// The last messages sent, by id, for redelivery: their resource and body.
    var held: [String: (resource: String, body: Data)] = [:]
    /// The held ids, oldest first.
    var heldOrder: [String] = []
    /// How many messages ``held`` keeps.
    static let heldLimit = 64
    var server: HTTPServer?
    var serverTask: Task<Void, any Error>?

    /// A distributor owning `name` on the bus at `address`, serving the interface `versions`;
    /// with `pushService`, also HTTP on 127.0.0.1 (a free port), where a message whose `Urgency`
    /// is below `minimumUrgency` is taken and not forwarded; with `log`, a JSON-lines log there;
    /// each `NewEndpoint` sent `endpointDelay` after its `Register`.
    public init(
        address: String, name: BusName = "org.unifiedpush.Distributor.fake", versions: Set<Int> = [1, 2],
        connectorCalls: ConnectorCalls = .waitForReply, pushService: Bool = false,
        minimumUrgency: PushUrgency = .veryLow, log: URL? = nil, endpointDelay: Duration = .zero
    ) async throws {
        connection = try DBusConnection(address: address)
        self.endpointDelay = endpointDelay
        self.name = name
        self.versions = versions
        self.connectorCalls = connectorCalls
        self.minimumUrgency = minimumUrgency
        self.log = try JSONLinesLog(log)
        if pushService { try await startPushService() }
        await connection.export(path: Self.distributorPath, interfaces: [Self.version2, Self.version1]) {
            [weak self] message in
            guard let self else { return [] }
            return try await self.handle(message)
        }
        let reply = try await connection.requestName(name)
        ownsName = reply == .primaryOwner || reply == .alreadyOwner
    }

    /// How many `Register` calls came.
    public var registers: Int { registerCount }

    /// Leaves the bus (a distributor that quits) and stops its push service.
    public func stop() async {
        await server?.stop()
        serverTask?.cancel()
        server = nil
        // try?: stopping: the bus drops the name with the connection anyway
        try? await connection.releaseName(name)
        await connection.close()
    }

    /// How long a call that waits for the connector waits: libdbus's and GDBus's default, which
    /// the distributors use. The agent answers `Message` once it has shown the message; a flood
    /// of a thousand at once is answered one after another, which a loaded two-core machine
    /// took over 10 s to finish.
    public static let messageTimeout: Duration = .seconds(25)

    /// Sends `body` to the connector registered with `token`, as `Message`, and waits for its
    /// reply (whatever ``connectorCalls`` says).
    public func message(_ body: Data, token: String, id: String = UUID().uuidString) async throws {
        let registration = try registration(token)
        hold(id, resource: registration.resource, body: body)
        try await callConnector(registration, "Message", token: token, messageFields(body, id: id), waiting: true)
    }

    /// Calls the connector's `NewEndpoint` for `token` with `endpoint` (a push service that moved
    /// the subscription); with ``ConnectorCalls/waitForReply``, returns once the connector answered.
    public func sendNewEndpoint(_ endpoint: String, token: String) async throws {
        var registration = try registration(token)
        registration.endpoint = endpoint
        registrations[token] = registration
        try await callConnector(registration, "NewEndpoint", token: token, [("endpoint", .string(endpoint))])
    }

    /// Ends the registration of `token` on the distributor's side (a user removing it, an
    /// expired push server account): forgets it (its endpoint is then gone) and calls the
    /// connector's `Unregistered` with the token.
    public func dropRegistration(_ token: String) async throws {
        let registration = try registration(token)
        registrations[token] = nil
        gone.insert(registration.resource)
        try await callConnector(registration, "Unregistered", token: token, [])
    }

    private func registration(_ token: String) throws -> Registration {
        guard let registration = registrations[token] else { throw DBusError(.invalidArgument, "no token \(token)") }
        return registration
    }

    private func handle(_ message: DBusMessage) async throws -> [DBusValue] {
        let interface = message.interface?.rawValue
        // A call without an interface goes to the first that has the method: Distributor2.
        let version = interface == Self.distributor1.rawValue ? 1 : 2
        var fields: [String: String] = [:]
        if version == 2 {
            let dictionary = try [String: DBusVariant](dbusValue: message.body.first ?? .string(""))
            // try?: a field that is not a string is not one the specification has; it counts as absent
            fields = dictionary.compactMapValues { try? String(dbusValue: $0.value) }
        } else {
            let strings = try message.body.map { try String(dbusValue: $0) }
            let names = message.member?.rawValue == "Register" ? ["service", "token", "description"] : ["token"]
            fields = Dictionary(uniqueKeysWithValues: zip(names, strings))
        }
        let member = message.member?.rawValue ?? ""
        let interfaceName = version == 2 ? Self.version2.name.rawValue : Self.distributor1.rawValue
        var entry: [String: JSONLinesLog.Value] = [
            "direction": .string("received"), "interface": .string(interfaceName), "member": .string(member),
            "args": .object(fields),
        ]
        if version == 2, member == "Register" { entry["sender"] = .string(message.sender ?? "") }
        log.write(entry)
        guard versions.contains(version) else {
            // Both interfaces are introspected; one left out of `versions` answers UnknownMethod.
            throw DBusError(.unknownMethod, "org.unifiedpush.Distributor\(version) is not served")
        }
        switch member {
        case "Register":
            registerCount += 1
            guard let service = fields["service"], let token = fields["token"] else {
                throw DBusError(.invalidArgs, "Register needs service and token")
            }
            let reason = try register(
                service: service, token: token, description: fields["description"] ?? "", vapid: fields["vapid"],
                version: version)
            let success = reason == nil ? "REGISTRATION_SUCCEEDED" : "REGISTRATION_FAILED"
            guard version == 2 else { return [.string(success), .string(reason ?? "")] }
            var answer = ["success": DBusVariant(success)]
            if let reason { answer["reason"] = DBusVariant(reason) }
            return [answer.dbusValue]
        default:
            guard let token = fields["token"] else { throw DBusError(.invalidArgs, "Unregister needs token") }
            try UnifiedPushFields.checkToken(token)
            unregistered.append(token)
            if let registration = registrations.removeValue(forKey: token) {
                gone.insert(registration.resource)
                // Version 1's Unregistered confirms with an empty token.
                let confirmed = registration.version == 2 ? token : ""
                Task { try await self.callConnector(registration, "Unregistered", token: confirmed, []) }
            }
            return version == 2 ? [[String: DBusVariant]().dbusValue] : []
        }
    }

    /// Registers `token` for `service` and sends its `NewEndpoint` after the answer; nil, or
    /// the reason of a `REGISTRATION_FAILED`.
    private func register(service: String, token: String, description: String, vapid: String?, version: Int) throws
        -> String?
    {
        try UnifiedPushFields.checkRegistration(
            service: service, token: token, description: description, vapid: vapid ?? "")
        if let known = registrations[token], known.service != service { return "INTERNAL_ERROR" }
        let resource = registrations[token]?.resource ?? Self.newResource()
        let registration = Registration(
            service: service, version: version, endpoint: registrations[token]?.endpoint ?? "\(baseURL)/up/\(resource)",
            vapid: vapid?.isEmpty == false ? vapid : nil, resource: resource)
        registrations[token] = registration
        Task {
            if endpointDelay > .zero { try await Task.sleep(for: endpointDelay) }
            try await self.callConnector(
                registration, "NewEndpoint", token: token, [("endpoint", .string(registration.endpoint))])
        }
        return nil
    }

    /// 20 random bytes (160 bits, the specification's suggestion), base64url without padding.
    static func newResource() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<20).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
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

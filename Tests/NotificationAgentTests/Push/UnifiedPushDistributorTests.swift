import DBus
import Foundation
import TestSupport
import Testing

/// The test distributor (`test-push-distributor`, TestSupport's FakeDistributor as a process) checked against the UnifiedPush
/// D-Bus specification (DBUS 0.3.0) and RFC 8030, sentence by sentence, with a recording
/// connector on a private bus: the end-to-end push tests trust it only as far as these hold.
@Suite(.serialized) struct UnifiedPushDistributorTests {
    static let app: BusName = "org.example.PushApp"
    static let distributorPath: ObjectPath = "/org/unifiedpush/Distributor"

    struct Setup {
        let bus: PrivateBus
        let directory: TemporaryDirectory
        let distributor: TestPushDistributor
        let connector: RecordingPushConnector
        let client: DBusConnection

        init(versions: String = "1,2", minimumUrgency: String? = nil) async throws {
            bus = try PrivateBus()
            directory = try TemporaryDirectory("unotify-distributor")
            distributor = try TestPushDistributor(
                address: bus.address, versions: versions, minimumUrgency: minimumUrgency, directory: directory.url)
            connector = try await RecordingPushConnector(address: bus.address, name: UnifiedPushDistributorTests.app)
            client = try DBusConnection(address: bus.address)
        }

        func call(_ interface: InterfaceName, _ member: MemberName, _ body: [DBusValue]) async throws -> [DBusValue] {
            let message = DBusMessage.methodCall(
                destination: try BusName(validating: distributor.busName), path: distributorPath,
                interface: interface, member: member, body: body)
            return try await client.call(message, timeout: .seconds(10)).body
        }

        func register(token: String, extra: [String: String] = [:]) async throws -> [String: String] {
            var arguments: [String: DBusVariant] = ["service": DBusVariant(app.rawValue), "token": DBusVariant(token)]
            for (key, value) in extra { arguments[key] = DBusVariant(value) }
            let reply = try await call("org.unifiedpush.Distributor2", "Register", [arguments.dbusValue])
            return try [String: DBusVariant](dbusValue: reply.first ?? .string("")).mapValues {
                try String(dbusValue: $0.value)
            }
        }

        func endpoint(afterCall index: Int = 0) async throws -> String {
            let calls = try await connector.calls("NewEndpoint", count: index + 1)
            return try String(dbusValue: calls[index].arguments["endpoint"] ?? .string(""))
        }

        /// What the connector received before a marker: the registration of a fresh token, whose
        /// `NewEndpoint` the distributor sends after every call it had queued (one main loop sends
        /// them all, each queued before its HTTP or D-Bus answer). "Nothing more was sent",
        /// known rather than waited for.
        func receivedBeforeMarker() async throws -> [RecordingPushConnector.Call] {
            _ = try await register(token: "marker")
            let connector = connector
            @Sendable func isMarker(_ call: RecordingPushConnector.Call) -> Bool {
                call.member == "NewEndpoint" && call.arguments["token"] == .string("marker")
            }
            try await Eventually.wait(timeout: .seconds(10), "the marker's NewEndpoint") {
                connector.received.contains(where: isMarker)
            }
            return Array(connector.received.prefix { !isMarker($0) })
        }

        func stop() {
            // The connections end with the bus.
            distributor.stop()
            bus.stop()
        }
    }

    /// "If registration succeeded, the distributor MUST call the connector's NewEndpoint"; the
    /// endpoint "MUST be at most 1000 bytes" with "enough random entropy" (160 bits suggested);
    /// "The caller of the methods in this interface MUST NOT wait for a response".
    @Test func registrationAnswersSucceededThenSendsTheEndpoint() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        let reply = try await setup.register(token: "token-1")
        #expect(reply == ["success": "REGISTRATION_SUCCEEDED"])
        let calls = try await setup.connector.calls("NewEndpoint")
        #expect(calls[0].interface == "org.unifiedpush.Connector2")
        #expect(calls[0].noReplyExpected)
        #expect(try String(dbusValue: calls[0].arguments["token"] ?? .string("")) == "token-1")
        let endpoint = try await setup.endpoint()
        #expect(endpoint.hasPrefix(setup.distributor.baseURL + "/up/"))
        #expect(endpoint.utf8.count <= 1000)
        // 20 random bytes, base64url without padding: 27 characters.
        #expect(endpoint.split(separator: "/").last?.count == 27)
    }

    /// "the end user application requested a registration with a token it is already using":
    /// NewEndpoint again, with the same endpoint.
    @Test func theSameTokenAgainGivesTheSameEndpointAgain() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        _ = try await setup.register(token: "token-1")
        let first = try await setup.endpoint()
        _ = try await setup.register(token: "token-1")
        #expect(try await setup.endpoint(afterCall: 1) == first)
        _ = try await setup.register(token: "token-2")
        #expect(try await setup.endpoint(afterCall: 2) != first)
    }

    /// Message: "the raw POST data received by the push server", its size "between 1 and 4096
    /// bytes (inclusive)", with an id; RFC 8030 §5: 201 Created and a Location.
    @Test func aPostReachesTheConnectorAsItsRawBytes() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        _ = try await setup.register(token: "token-1")
        let endpoint = try await setup.endpoint()
        let body = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let answer = try await TestPushDistributor.post(body, to: endpoint)
        #expect(answer.status == 201)
        #expect(answer.location?.hasPrefix("/message/") == true)
        let message = try await setup.connector.calls("Message")[0]
        #expect(message.noReplyExpected)
        #expect(try [UInt8](dbusValue: message.arguments["message"] ?? .string("")) == [UInt8](body))
        #expect(try String(dbusValue: message.arguments["token"] ?? .string("")) == "token-1")
        let id = try String(dbusValue: message.arguments["id"] ?? .string(""))
        #expect(answer.location == "/message/\(id)")
    }

    /// The tests' control (no specification has one): `/control/redeliver/ID` sends a message
    /// again, the same bytes under the same id, as a distributor without an acknowledgement
    /// does; an id it does not hold is 404 and sends nothing.
    @Test func aRedeliveredMessageIsTheSameBytesUnderTheSameID() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        _ = try await setup.register(token: "token-1")
        let endpoint = try await setup.endpoint()
        let body = Data("sealed".utf8)
        let answer = try await TestPushDistributor.post(body, to: endpoint)
        let id = try #require(answer.location?.split(separator: "/").last.map(String.init))
        let control = setup.distributor.baseURL + "/control/redeliver/"
        #expect(try await TestPushDistributor.post(Data("x".utf8), to: control + id).status == 201)
        let messages = try await setup.connector.calls("Message", count: 2)
        #expect(messages.count == 2)
        for message in messages {
            #expect(try [UInt8](dbusValue: message.arguments["message"] ?? .string("")) == [UInt8](body))
            #expect(try String(dbusValue: message.arguments["id"] ?? .string("")) == id)
        }
        #expect(try await TestPushDistributor.post(Data("x".utf8), to: control + "no-such-id").status == 404)
        #expect(
            try await setup.receivedBeforeMarker().filter { $0.member == "Message" }.count == 2, "nothing more was sent"
        )
    }

    /// RFC 8292 §4: a registration with a `vapid` key is restricted. A POST without `vapid`
    /// authorization is 401; one naming another key, or whose token is not signed by the key,
    /// is 403; nothing is sent. (A signed POST is taken: `PushEndToEndTests`, with pywebpush.)
    @Test func aRestrictedEndpointRefusesUnsignedAndWronglySignedPosts() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        // The P-256 points 1·G and 2·G, uncompressed, base64url: valid keys nobody signs with here.
        let key = "BGsX0fLhLEJH-Lzm5WOkQPJ3A32BLeszoPShOUXYmMKWT-NC4v4af5uO5-tKfA-eFivOM1drMV7Oy7ZAaDe_UfU"
        let other = "BHzyexiNA09-ilI4AwS1GsPAiWnid_IbNaYLSPxHZpl4B3dVENuO0EApPZrGn3Qw27p9reY86YIpngS3nSJ4c9E"
        _ = try await setup.register(token: "token-1", extra: ["vapid": key])
        let endpoint = try await setup.endpoint()
        #expect(try await TestPushDistributor.post(Data([1]), to: endpoint).status == 401)
        // A token of the right shape (header.claims.signature) whose signature is 64 zero bytes.
        let unsigned = "eyJhbGciOiJFUzI1NiJ9.e30." + String(repeating: "A", count: 86)
        for authorization in [
            "vapid t=\(unsigned), k=\(key)", "vapid t=\(unsigned), k=\(other)", "WebPush \(unsigned)",
        ] {
            let status = try await TestPushDistributor.post(
                Data([1]), to: endpoint, headers: ["TTL": "60", "Authorization": authorization]
            ).status
            #expect(status == (authorization.hasPrefix("vapid") ? 403 : 401), "\(authorization)")
        }
        #expect(try await setup.receivedBeforeMarker().filter { $0.member == "Message" }.isEmpty)
    }

    /// Over 4096 bytes: 413; empty: 400; an endpoint never given out: 404. Nothing is sent.
    @Test func aBodyOutOfBoundsOrAnUnknownEndpointIsRefused() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        _ = try await setup.register(token: "token-1")
        let endpoint = try await setup.endpoint()
        #expect(try await TestPushDistributor.post(Data(count: 4097), to: endpoint).status == 413)
        #expect(try await TestPushDistributor.post(Data(), to: endpoint).status == 400)
        #expect(try await TestPushDistributor.post(Data([1]), to: endpoint + "x").status == 404)
        #expect(try await setup.receivedBeforeMarker().filter { $0.member == "Message" }.isEmpty)
    }

    /// "The distributor MUST call this method to confirm unregistration"; the endpoint is then
    /// gone (RFC 8030 §7.3: 410).
    @Test func unregisterConfirmsAndTheEndpointIsGone() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        _ = try await setup.register(token: "token-1")
        let endpoint = try await setup.endpoint()
        let token: [String: DBusVariant] = ["token": DBusVariant("token-1")]
        let reply = try await setup.call("org.unifiedpush.Distributor2", "Unregister", [token.dbusValue])
        #expect(try [String: DBusVariant](dbusValue: reply.first ?? .string("")).isEmpty)
        let unregistered = try await setup.connector.calls("Unregistered")[0]
        #expect(try String(dbusValue: unregistered.arguments["token"] ?? .string("")) == "token-1")
        #expect(try await TestPushDistributor.post(Data([1]), to: endpoint).status == 410)
    }

    /// "Any call containing a parameter field that do not follow the specification MUST be
    /// ignored": a token over 100 bytes, a vapid key that is not a P-256 point's 87 characters,
    /// a service that is no bus name. Nothing reaches the connector.
    @Test func callsThatBreakTheSpecificationAreIgnored() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        for (token, extra) in [
            (String(repeating: "t", count: 101), [:]), ("token-1", ["vapid": "short"]),
            ("token-1", ["description": String(repeating: "d", count: 101)]),
        ] {
            await #expect(throws: DBusError.self) { try await setup.register(token: token, extra: extra) }
        }
        let badService: [String: DBusVariant] = ["service": DBusVariant("not a bus name"), "token": DBusVariant("t")]
        await #expect(throws: DBusError.self) {
            try await setup.call("org.unifiedpush.Distributor2", "Register", [badService.dbusValue])
        }
        #expect(try await setup.receivedBeforeMarker().isEmpty)
    }

    /// Distributor1 and Connector1 (positional arguments), still in use: a v1 registration is
    /// answered through Connector1, its v1 `Unregistered` confirmation carrying an empty token.
    @Test func version1SpeaksPositionallyThroughConnector1() async throws {
        let setup = try await Setup()
        defer { setup.stop() }
        let reply = try await setup.call(
            "org.unifiedpush.Distributor1", "Register",
            [.string(Self.app.rawValue), .string("token-v1"), .string("a test")])
        #expect(reply == [.string("REGISTRATION_SUCCEEDED"), .string("")])
        let endpoint = try await setup.endpoint()
        #expect(try await setup.connector.calls("NewEndpoint")[0].interface == "org.unifiedpush.Connector1")
        #expect(try await TestPushDistributor.post(Data("hi".utf8), to: endpoint).status == 201)
        let message = try await setup.connector.calls("Message")[0]
        #expect(message.interface == "org.unifiedpush.Connector1")
        #expect(try [UInt8](dbusValue: message.arguments["message"] ?? .string("")) == Array("hi".utf8))
        _ = try await setup.call("org.unifiedpush.Distributor1", "Unregister", [.string("token-v1")])
        let unregistered = try await setup.connector.calls("Unregistered")[0]
        #expect(unregistered.interface == "org.unifiedpush.Connector1")
        #expect(unregistered.arguments["token"] == .string(""))
    }

    /// A distributor serving only Distributor1 answers Distributor2 with UnknownMethod, so a
    /// connector can fall back.
    @Test func aVersion1OnlyDistributorRefusesVersion2() async throws {
        let setup = try await Setup(versions: "1")
        defer { setup.stop() }
        await #expect(throws: DBusError.self) { try await setup.register(token: "token-1") }
    }

    /// RFC 8030 §5.3 with the specification's table: below the minimum urgency a message is
    /// accepted and not forwarded.
    @Test func aMessageBelowTheMinimumUrgencyIsNotForwarded() async throws {
        let setup = try await Setup(minimumUrgency: "normal")
        defer { setup.stop() }
        _ = try await setup.register(token: "token-1")
        let endpoint = try await setup.endpoint()
        #expect(
            try await TestPushDistributor.post(Data([1]), to: endpoint, headers: ["TTL": "60", "Urgency": "low"]).status
                == 201)
        #expect(
            try await TestPushDistributor.post(Data([2]), to: endpoint, headers: ["TTL": "60", "Urgency": "high"])
                .status == 201)
        let messages = try await setup.connector.calls("Message")
        #expect(try await setup.receivedBeforeMarker().filter { $0.member == "Message" }.count == 1)
        #expect(try [UInt8](dbusValue: messages[0].arguments["message"] ?? .string("")) == [2])
    }
}

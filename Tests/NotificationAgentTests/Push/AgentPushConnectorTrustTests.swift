import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import NotificationAgent

/// The connector's methods (`Message`, `NewEndpoint`, `Unregistered`) are taken only from the
/// distributor a token was registered with (UnifiedPush's rule), and an endpoint is taken only
/// where Web Push allows one: `https`, or `http` on loopback (for tests).
@Suite(.timeLimit(.minutes(1))) struct AgentPushConnectorTrustTests {
    typealias Connector = AgentPushConnectorTests

    static func call(_ member: MemberName, _ arguments: [String: DBusVariant], on connection: DBusConnection)
        async throws
    {
        _ = try await connection.call(
            .methodCall(
                destination: AgentInterface.busName, path: UnifiedPush.connectorPath, interface: UnifiedPush.connector2,
                member: member, body: [arguments.dbusValue]))
    }

    @Test func anotherConnectionCannotUseARegisteredToken() async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        try await Connector.allow(rig)
        let subscription = try Connector.Subscription(try await rig.client.registerPush(app: Connector.app))
        let token = try await Connector.token(distributor)
        let body = try subscription.encrypt(Connector.alert)
        let impostor = try DBusConnection(address: rig.bus.address)

        await #expect(throws: DBusError.self, "a Message from a connection that is not the distributor") {
            try await Self.call(
                "Message",
                ["token": DBusVariant(token), "message": DBusVariant([UInt8](body)), "id": DBusVariant("forged")],
                on: impostor)
        }
        await #expect(throws: DBusError.self, "a NewEndpoint from a connection that is not the distributor") {
            try await Self.call(
                "NewEndpoint",
                ["token": DBusVariant(token), "endpoint": DBusVariant("https://attacker.example/collect")],
                on: impostor)
        }
        await #expect(throws: DBusError.self, "an Unregistered from a connection that is not the distributor") {
            try await Self.call("Unregistered", ["token": DBusVariant(token)], on: impostor)
        }
        #expect(try await rig.shownBeforeMarker() == [], "the forged message was shown")
        #expect(try await rig.client.registerPush(app: Connector.app) == subscription.json, "the subscription changed")
        #expect(await distributor.registers == 1, "the app was registered again")
        #expect(try await rig.client.pushStatus().counts["foreign-sender"] == 3)

        // The distributor's own message is shown.
        try await distributor.message(body, token: token)
        #expect(try await rig.fake.nextCall().request.summary == "Ann")
        await distributor.stop()
    }

    @Test func aPlainHTTPEndpointIsRefusedButLoopback() async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        let before = try Connector.Subscription(try await rig.client.registerPush(app: Connector.app))
        let token = try await Connector.token(distributor)
        for refused in ["http://push.example/up/1", "http://127.0.0.1.example/up", "ftp://push.example/up"] {
            await #expect(throws: DBusError.self, "\(refused)") {
                try await distributor.sendNewEndpoint(refused, token: token)
            }
            #expect(
                try Connector.Subscription(try await rig.client.registerPush(app: Connector.app)).endpoint
                    == before.endpoint)
        }
        for taken in [
            "https://push.example/up/2", "http://127.0.0.1:8080/up", "http://[::1]:8080/up", "http://localhost/up",
        ] {
            try await distributor.sendNewEndpoint(taken, token: token)
            #expect(try Connector.Subscription(try await rig.client.registerPush(app: Connector.app)).endpoint == taken)
        }
        await distributor.stop()
    }
}

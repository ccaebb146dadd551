import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import NotificationAgent
@testable import UserNotifications

/// The agent as every app's UnifiedPush connector, against a distributor on a private bus:
/// registration gives a Web Push subscription, and each message is decrypted, read as an APNs
/// payload and delivered through the permission pipeline, or dropped, counted and logged.
@Suite(.timeLimit(.minutes(1))) struct AgentPushConnectorTests {
    static let app = "org.example.Chat"

    /// A subscription as `PushSubscription.toJSON()` gives it, read back.
    struct Subscription {
        var endpoint: String
        var publicKey: Data
        var authSecret: Data
        var json: String

        init(_ json: String) throws {
            self.json = json
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            #expect(object["expirationTime"] is NSNull)
            endpoint = try #require(object["endpoint"] as? String)
            let keys = try #require(object["keys"] as? [String: String])
            publicKey = try #require(Base64URL.decode(keys["p256dh"] ?? ""))
            authSecret = try #require(Base64URL.decode(keys["auth"] ?? ""))
        }

        func encrypt(_ payload: String) throws -> Data {
            try WebPushEncryption.encrypt(Data(payload.utf8), publicKey: publicKey, authSecret: authSecret)
        }
    }

    static func allow(_ rig: AgentTests.Rig, _ app: String = app) async throws {
        _ = try await rig.client.setSettings(app: app, changes: AppSettings.authorized(requesting: [.alert]).wire)
    }

    static func count(_ rig: AgentTests.Rig, _ outcome: PushCounts.Outcome) async throws -> UInt32 {
        try await rig.client.pushStatus().counts[outcome.rawValue] ?? 0
    }

    static func token(_ distributor: FakeDistributor) async throws -> String {
        try #require(await distributor.registrations.keys.first)
    }

    /// A new agent on the rig's state directory, as D-Bus activation starts one, handed a
    /// distributor's `Message` before anything else; returned once it has handled it.
    static func freshAgent(
        _ rig: AgentTests.Rig, handed body: Data, token: String, id: String, from distributor: FakeDistributor
    ) async throws -> NotificationAgent {
        let fresh = NotificationAgent(
            connection: try DBusConnection(address: rig.bus.address), store: SettingsStore(directory: rig.directory),
            strings: PromptStrings(language: "en"))
        _ = try await fresh.connectorCalled(
            connectorMessage(body, token: token, id: id, sender: distributor.connection.uniqueName))
        return fresh
    }

    /// A distributor's `Message` (Connector2) for `token`, from the connection `sender`.
    static func connectorMessage(_ body: Data, token: String, id: String, sender: String = ":1.99") -> DBusMessage {
        let arguments: [String: DBusVariant] = [
            "token": DBusVariant(token), "message": DBusVariant([UInt8](body)), "id": DBusVariant(id),
        ]
        var call = DBusMessage.methodCall(
            destination: AgentInterface.busName, path: UnifiedPush.connectorPath, interface: UnifiedPush.connector2,
            member: "Message", body: [arguments.dbusValue])
        call.sender = sender
        return call
    }

    static let alert = #"{"aps": {"alert": {"title": "Ann", "body": "Lunch?"}}, "room": "food"}"#

    @Test func registeringGivesAWebPushSubscriptionAndTheSameOneAgain() async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        let subscription = try Subscription(try await rig.client.registerPush(app: Self.app))
        let registration = try #require(await distributor.registrations.values.first)
        #expect(subscription.endpoint == registration.endpoint)
        #expect(registration.service == AgentInterface.busName.rawValue)
        #expect(registration.version == 2)
        #expect(subscription.publicKey.count == 65 && subscription.publicKey.first == 4)
        #expect(subscription.authSecret.count == 16)
        #expect(try await rig.client.registerPush(app: Self.app) == subscription.json)
        // The keys are private to the user.
        let path = rig.directory.appendingPathComponent("push.json").path
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        await distributor.stop()
    }

    /// An app server that signs its pushes (VAPID): its key goes to the distributor in
    /// `Register`; registering without a key keeps it; another key registers again with that
    /// one, and the subscription then has the endpoint sent for it; a key that is no P-256
    /// point is refused with what a key looks like, and changes nothing.
    @Test func theAppServersKeyGoesToTheDistributorAndAnotherOneRegistersAgain() async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        let first = Base64URL.encode(WebPushKeys().publicKey)
        let second = Base64URL.encode(WebPushKeys().publicKey)
        let keyed = try await rig.client.registerPush(app: Self.app, serverKey: first)
        #expect(await distributor.registrations.values.first?.vapid == first)
        #expect(try await rig.client.registerPush(app: Self.app) == keyed, "the key stays")
        #expect(await distributor.registers == 1)
        let rekeyed = try await rig.client.registerPush(app: Self.app, serverKey: second)
        #expect(await distributor.registrations.values.first?.vapid == second)
        #expect(await distributor.registers == 2)
        #expect(try Subscription(rekeyed).endpoint == (await distributor.registrations.values.first)?.endpoint)
        for bad in ["", String(repeating: "A", count: 87), String(first.dropLast()), first + "A"] {
            await #expect {
                _ = try await rig.client.registerPush(app: Self.app, serverKey: bad)
            } throws: { error in
                (error as? AgentError)?.code == .invalidArgument
                    && (error as? AgentError)?.message.contains("uncompressed P-256 point") == true
            }
        }
        #expect(await distributor.registrations.values.first?.vapid == second, "nothing changed")
        await distributor.stop()
    }

    @Test func withNoDistributorRegisteringFailsWithAReason() async throws {
        let rig = try await AgentTests.Rig()
        await #expect {
            _ = try await rig.client.registerPush(app: Self.app)
        } throws: { error in
            (error as? AgentError)?.code == .pushUnavailable && "\(error)".contains("no UnifiedPush distributor")
        }
        #expect(try await rig.client.pushStatus().distributor == "")
    }

    @Test func aMessageIsDecryptedAndShownAsItsAPNsPayload() async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        try await Self.allow(rig)
        let subscription = try Subscription(try await rig.client.registerPush(app: Self.app))
        try await distributor.message(try subscription.encrypt(Self.alert), token: try await Self.token(distributor))
        let shown = try await rig.fake.nextCall()
        #expect(shown.request.summary == "Ann")
        #expect(shown.request.body == "Lunch?")
        #expect(try await Self.count(rig, .delivered) == 1)
        #expect(try await rig.client.pushStatus().distributor == distributor.name.rawValue)
        await distributor.stop()
    }

    @Test func aDistributorWithOnlyVersionOneIsSpokenToInVersionOne() async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address, versions: [1])
        try await Self.allow(rig)
        let subscription = try Subscription(try await rig.client.registerPush(app: Self.app))
        #expect(try #require(await distributor.registrations.values.first).version == 1)
        try await distributor.message(try subscription.encrypt(Self.alert), token: try await Self.token(distributor))
        #expect(try await rig.fake.nextCall().request.summary == "Ann")
        await distributor.stop()
    }

    @Test func aDeniedAppsMessageIsDroppedAndCounted() async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        let subscription = try Subscription(try await rig.client.registerPush(app: Self.app))
        _ = try await rig.client.setSettings(
            app: Self.app, changes: ["authorization": DBusVariant(Int32(AppSettings.Authorization.denied.rawValue))])
        try await distributor.message(try subscription.encrypt(Self.alert), token: try await Self.token(distributor))
        #expect(try await Self.count(rig, .notAllowed) == 1)
        #expect(try await rig.shownBeforeMarker().isEmpty)
        await distributor.stop()
    }

    @Test func badMessagesAreDroppedCountedAndNothingIsShown() async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        try await Self.allow(rig)
        let subscription = try Subscription(try await rig.client.registerPush(app: Self.app))
        let token = try await Self.token(distributor)
        // Not encrypted for these keys.
        try await distributor.message(Data(repeating: 7, count: 200), token: token)
        try await distributor.message(
            try WebPushEncryption.encrypt(Data(Self.alert.utf8), to: WebPushKeys()), token: token)
        #expect(try await Self.count(rig, .undecryptable) == 2)
        // Malformed aps JSON.
        try await distributor.message(try subscription.encrypt(#"{"aps": {"alert": 3}}"#), token: token)
        try await distributor.message(try subscription.encrypt("not json"), token: token)
        #expect(try await Self.count(rig, .invalidPayload) == 2)
        // A replayed id: shown once.
        let body = try subscription.encrypt(Self.alert)
        try await distributor.message(body, token: token, id: "m1")
        try await distributor.message(body, token: token, id: "m1")
        #expect(try await Self.count(rig, .replayed) == 1)
        #expect(try await rig.shownBeforeMarker() == ["Ann"])
        await distributor.stop()
    }

    /// KUnifiedPush sends no message id with ntfy, and after its restart it can fetch a message
    /// it already handed over and hand it over again (measured: "While down" shown twice). A
    /// message without an id is known by its body (aes128gcm gives every message a random salt,
    /// so two messages never share their bytes): the same bytes again are a replay.
    @Test func aMessageWithoutAnIdHandedOverTwiceIsShownOnce() async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        try await Self.allow(rig)
        let subscription = try Subscription(try await rig.client.registerPush(app: Self.app))
        let token = try await Self.token(distributor)
        let body = try subscription.encrypt(Self.alert)
        try await distributor.message(body, token: token, id: "")
        try await distributor.message(body, token: token, id: "")
        #expect(try await Self.count(rig, .replayed) == 1)
        // Another message with the same plaintext has other bytes: shown.
        try await distributor.message(try subscription.encrypt(Self.alert), token: token, id: "")
        #expect(try await Self.count(rig, .delivered) == 2)
        #expect(try await rig.shownBeforeMarker() == ["Ann", "Ann"])
        await distributor.stop()
    }

    @Test func aMessageForAnUnknownTokenIsDroppedAndCounted() async throws {
        let rig = try await AgentTests.Rig()
        let connection = try DBusConnection(address: rig.bus.address)
        let arguments: [String: DBusVariant] = [
            "token": DBusVariant("no-such-token"), "message": DBusVariant([UInt8](repeating: 1, count: 100)),
            "id": DBusVariant("x"),
        ]
        let reply = try await connection.call(
            .methodCall(
                destination: AgentInterface.busName, path: UnifiedPush.connectorPath, interface: UnifiedPush.connector2,
                member: "Message", body: [arguments.dbusValue]))
        #expect(try [String: DBusVariant](dbusValue: try #require(reply.body.first))["id"] == DBusVariant("x"))
        #expect(try await Self.count(rig, .unknownToken) == 1)
    }

    /// A registration the agent has no record of (its state was lost or restored from an old
    /// copy): each message is dropped and counted, and the distributor that sent it is asked to
    /// forget the token, so the app server learns that the subscription is gone (410) instead
    /// of pushing into the void. Asked once, however many such messages come.
    @Test func aMessageForATokenTheAgentLostIsDroppedAndItsDistributorAskedToForgetIt() async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        let registrar = try DBusConnection(address: rig.bus.address)
        let arguments: [String: DBusVariant] = [
            "service": DBusVariant(AgentInterface.busName.rawValue), "token": DBusVariant("lost-token"),
        ]
        _ = try await registrar.call(
            .methodCall(
                destination: distributor.name, path: UnifiedPush.distributorPath, interface: UnifiedPush.distributor2,
                member: "Register", body: [arguments.dbusValue]))
        // Both sent before the agent's Unregister can reach the distributor, which then forgets
        // the token and would refuse to send another.
        async let first: Void = distributor.message(Data(repeating: 1, count: 100), token: "lost-token", id: "a")
        async let second: Void = distributor.message(Data(repeating: 1, count: 100), token: "lost-token", id: "b")
        _ = try await (first, second)
        #expect(try await Self.count(rig, .unknownToken) == 2)
        try await Eventually.wait(timeout: .seconds(10), "the distributor is asked to unregister the token") {
            await distributor.unregistered == ["lost-token"]
        }
        #expect(try await rig.shownBeforeMarker() == [])
        #expect(await distributor.unregistered == ["lost-token"], "asked once")
        await distributor.stop()
    }

    @Test func aDistributorThatRestartsIsRegisteredWithAgainAndItsNewEndpointKept() async throws {
        let rig = try await AgentTests.Rig()
        let first = try await FakeDistributor(address: rig.bus.address)
        try await Self.allow(rig)
        let before = try Subscription(try await rig.client.registerPush(app: Self.app))
        await first.stop()
        // A new distributor process: it has forgotten the registration, and gives a new endpoint.
        let second = try await FakeDistributor(address: rig.bus.address)
        let deadline = ContinuousClock.now + .seconds(10)
        var after = before
        while after.endpoint == before.endpoint, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            after = try Subscription(try await rig.client.registerPush(app: Self.app))
        }
        #expect(after.endpoint != before.endpoint)
        #expect(after.publicKey == before.publicKey)
        try await second.message(try after.encrypt(Self.alert), token: try await Self.token(second))
        #expect(try await rig.fake.nextCall().request.summary == "Ann")
        await second.stop()
    }

    @Test func unregisteringForgetsTheKeysAndRegisteringAgainRotatesThem() async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        let before = try Subscription(try await rig.client.registerPush(app: Self.app))
        let token = try await Self.token(distributor)
        #expect(try await rig.client.unregisterPush(app: Self.app))
        #expect(await distributor.unregistered == [token])
        #expect(try await !rig.client.unregisterPush(app: Self.app))
        let after = try Subscription(try await rig.client.registerPush(app: Self.app))
        #expect(after.publicKey != before.publicKey)
        #expect(after.authSecret != before.authSecret)
        #expect(after.endpoint != before.endpoint)
        await distributor.stop()
    }

    /// The agent that a distributor's `Message` starts (D-Bus activation) may be handed the
    /// call before it has read anything: the token is still found in `push.json`.
    @Test func aFreshAgentFindsTheStoredSubscriptionForTheFirstCall() async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        try await Self.allow(rig)
        let subscription = try Subscription(try await rig.client.registerPush(app: Self.app))
        let token = try await Self.token(distributor)
        _ = try await Self.freshAgent(
            rig, handed: try subscription.encrypt(Self.alert), token: token, id: "first", from: distributor)
        #expect(try await rig.fake.nextCall().request.summary == "Ann")
        await distributor.stop()
    }

    /// A distributor sends a message again when it has no acknowledgement for it, as after the
    /// agent died handling it: the agent started next knows its id and shows it no second time.
    @Test func aMessageSentAgainToTheNextAgentIsDroppedAsAReplay() async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        try await Self.allow(rig)
        let subscription = try Subscription(try await rig.client.registerPush(app: Self.app))
        let token = try await Self.token(distributor)
        let body = try subscription.encrypt(Self.alert)
        try await distributor.message(body, token: token, id: "m1")
        #expect(try await rig.fake.nextCall().request.summary == "Ann")
        let next = try await Self.freshAgent(rig, handed: body, token: token, id: "m1", from: distributor)
        #expect(await next.pushStatus().1[PushCounts.Outcome.replayed.rawValue] == 1)
        #expect(try await rig.shownBeforeMarker() == [], "nothing more was shown")
        await distributor.stop()
    }

    /// `Unregistered` that the agent did not ask for ends the registration: the app is
    /// registered again at once with new keys and a new token.
    @Test func anUnregistrationByTheDistributorRegistersAgainWithNewKeys() async throws {
        let rig = try await AgentTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        let before = try Subscription(try await rig.client.registerPush(app: Self.app))
        let token = try await Self.token(distributor)
        try await distributor.dropRegistration(token)
        let deadline = ContinuousClock.now + .seconds(10)
        while await distributor.registrations.isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        let newToken = try await Self.token(distributor)
        #expect(newToken != token)
        let after = try Subscription(try await rig.client.registerPush(app: Self.app))
        #expect(after.publicKey != before.publicKey && after.authSecret != before.authSecret)
        #expect(after.endpoint == (await distributor.registrations[newToken])?.endpoint)
        await distributor.stop()
    }
}

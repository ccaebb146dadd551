import DBus
import Foundation
import Testing
import TestSupport

/// `unotify push --register APP` / `--unregister APP` as processes, against a distributor on a
/// private bus, and `unotify server --explain` naming it.
@Suite(.timeLimit(.minutes(2))) struct PushRegisterCommandTests {
    @Test func registerPrintsTheSubscriptionAsABrowserGivesIt() async throws {
        let rig = try await PushCommandTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        let result = try await rig.unotify(["push", "--register", "org.example.Chat"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["endpoint", "expirationTime", "keys"])
        #expect(object["expirationTime"] is NSNull)
        let registration = try #require(await distributor.registrations.values.first)
        #expect(object["endpoint"] as? String == registration.endpoint)
        let keys = try #require(object["keys"] as? [String: String])
        #expect(Set(keys.keys) == ["p256dh", "auth"])
        #expect(keys["p256dh"]?.count == 87)  // 65 bytes, base64url without padding
        #expect(keys["auth"]?.count == 22)  // 16 bytes
        #expect(try await rig.unotify(["push", "--register", "org.example.Chat"]).stdout == result.stdout)

        let unregister = try await rig.unotify(["push", "--unregister", "org.example.Chat"])
        #expect(unregister.status == 0, "\(unregister.stderr)")
        #expect(await distributor.unregistered.count == 1)
        let again = try await rig.unotify(["push", "--unregister", "org.example.Chat"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("not registered"))
        await distributor.stop()
    }

    /// `--register` says on stderr which push server the app's messages go through, and says
    /// when it is KUnifiedPush's packaged default (`unifiedpush.kde.org`, which KUnifiedPush uses
    /// when its settings name no server, answering the registration even when that server cannot
    /// be reached): here the distributor moves the app's endpoint there with `NewEndpoint`.
    @Test func registerNamesThePushServerAndKUnifiedPushsDefault() async throws {
        let rig = try await PushCommandTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        let first = try await rig.unotify(["push", "--register", "org.example.Chat"])
        #expect(first.status == 0, "\(first.stderr)")
        let registration = try #require(await distributor.registrations.first)
        let origin = try #require(URL(string: registration.value.endpoint)).host ?? ""
        #expect(first.stderr.contains("push server: http://\(origin)"), "\(first.stderr)")
        #expect(!first.stderr.contains("default"), "\(first.stderr)")

        try await distributor.sendNewEndpoint(
            "https://unifiedpush.kde.org/UP?token=\(registration.key)", token: registration.key)
        let again = try await rig.unotify(["push", "--register", "org.example.Chat"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("unifiedpush.kde.org"), "\(again.stdout)")
        #expect(
            again.stderr.contains("push server: https://unifiedpush.kde.org (KUnifiedPush's default"),
            "\(again.stderr)")
        await distributor.stop()
    }

    /// A distributor that needs time to get its endpoint from its push service (a slow network,
    /// or a machine under load: a full run beside two busy loops saw "sent no endpoint in 10 s")
    /// still registers the app: the agent waits for the endpoint as long as the caller's call
    /// lasts, not a fixed 10 s.
    @Test func aDistributorSlowToSendItsEndpointStillRegistersTheApp() async throws {
        let rig = try await PushCommandTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address, endpointDelay: .seconds(12))
        let result = try await rig.unotify(["push", "--register", "org.example.Chat"])
        #expect(result.status == 0, "\(result.stderr)")
        let registration = try #require(await distributor.registrations.values.first)
        #expect(result.stdout.contains(registration.endpoint))
        await distributor.stop()
    }

    /// `--server-key KEY` gives the app server's VAPID key to the distributor; a malformed key
    /// fails (exit status 1, as the agent's other refusals) saying what a key looks like, and
    /// the option without `--register` is a usage error (1, as the CLI's others).
    @Test func aServerKeyReachesTheDistributorAndABadOneIsRefused() async throws {
        let rig = try await PushCommandTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        // An uncompressed P-256 point (the generator of the curve): 0x04, x, y.
        let key =
            "BGsX0fLhLEJH-Lzm5WOkQPJ3A32BLeszoPShOUXYmMKWT-NC4v4af5uO5-tKfA-eFivOM1drMV7Oy7ZAaDe_UfU"
        let result = try await rig.unotify(["push", "--register", "org.example.Chat", "--server-key", key])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(await distributor.registrations.values.first?.vapid == key)
        let bad = try await rig.unotify(["push", "--register", "org.example.Chat", "--server-key", "abc"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("uncompressed P-256 point"), "\(bad.stderr)")
        let alone = try await rig.unotify(["push", "--server-key", key])
        #expect(alone.status == 1)
        #expect(alone.stderr.contains("--server-key goes with --register APP"), "\(alone.stderr)")
        await distributor.stop()
    }

    @Test func registerWithNoDistributorFailsWithStatusTwoAndAReason() async throws {
        let rig = try await PushCommandTests.Rig()
        let result = try await rig.unotify(["push", "--register", "org.example.Chat"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no UnifiedPush distributor is on the session bus"))
    }

    @Test func serverExplainNamesTheDistributorOrNone() async throws {
        let rig = try await PushCommandTests.Rig()
        let none = try await rig.unotify(["server", "--explain"])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.stdout.contains("push distributor: none"))
        #expect(!none.stdout.contains("push server"), "no distributor: the agent is not asked")
        let distributor = try await FakeDistributor(address: rig.bus.address)
        let one = try await rig.unotify(["server", "--explain"])
        #expect(one.stdout.contains("push distributor: org.unifiedpush.Distributor.fake\n"))
        await distributor.stop()
    }

    /// `server --explain` names the push server too, as `push --register` does: none before an
    /// app registers, then the origin of the endpoint the distributor gave, and KUnifiedPush's
    /// default said as such. Before, it named the distributor only.
    @Test func serverExplainNamesThePushServerOnceAnAppRegistered() async throws {
        let rig = try await PushCommandTests.Rig()
        let distributor = try await FakeDistributor(address: rig.bus.address)
        let before = try await rig.unotify(["server", "--explain"])
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout.contains("push server: none known yet"), "\(before.stdout)")
        #expect(try await rig.unotify(["push", "--register", "org.example.Chat"]).status == 0)
        let registration = try #require(await distributor.registrations.first)
        let endpoint = try #require(URL(string: registration.value.endpoint))
        let origin = "http://\(endpoint.host ?? "?")" + (endpoint.port.map { ":\($0)" } ?? "")
        let after = try await rig.unotify(["server", "--explain"])
        #expect(
            after.stdout.contains("push distributor: org.unifiedpush.Distributor.fake\npush server: \(origin)\n"),
            "\(after.stdout)")

        try await distributor.sendNewEndpoint(
            "https://unifiedpush.kde.org/UP?token=\(registration.key)", token: registration.key)
        try await Eventually.wait(timeout: .seconds(10), "the agent stores the new endpoint") {
            try await rig.unotify(["server", "--explain"]).stdout.contains(
                "push server: https://unifiedpush.kde.org (KUnifiedPush's default")
        }
        await distributor.stop()
    }
}

/// `unotify push --distributor NAME`: the user's choice among several distributors, kept in
/// `$XDG_CONFIG_HOME/unotify/push-distributor`, followed by the agent (which D-Bus activation
/// starts without the user's shell variables) and by `server --explain`.
@Suite(.timeLimit(.minutes(2))) struct PushDistributorChoiceCommandTests {
    @Test func theStoredChoiceMovesAnAppToTheChosenDistributor() async throws {
        let rig = try await PushCommandTests.Rig()
        let config = try TemporaryDirectory("unotify-config")
        let alpha = try await FakeDistributor(address: rig.bus.address, name: "org.unifiedpush.Distributor.alpha")
        let beta = try await FakeDistributor(address: rig.bus.address, name: "org.unifiedpush.Distributor.beta")
        let environment = ["XDG_CONFIG_HOME": config.path]
        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await UNotifyProcess.run(
                arguments, busAddress: rig.bus.address,
                extraEnvironment: environment.merging([
                    "XDG_STATE_HOME": rig.state.path, "XDG_DATA_HOME": rig.data.path,
                    "XDG_DATA_DIRS": rig.data.path + "/none",
                ]) { first, _ in first })
        }
        // Of two, the first sorted, and --explain says how to choose.
        let first = try await unotify(["push", "--register", "org.example.Chat"])
        #expect(first.status == 0, "\(first.stderr)")
        let (alphaCount, betaCount) = (await alpha.registrations.count, await beta.registrations.count)
        #expect(alphaCount == 1 && betaCount == 0)
        let explained = try await unotify(["server", "--explain"])
        #expect(explained.stdout.contains("push distributor: org.unifiedpush.Distributor.alpha"))
        #expect(explained.stdout.contains("unotify push --distributor"))

        let chosen = try await unotify(["push", "--distributor", "beta"])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        let stored = try String(contentsOfFile: config.path + "/unotify/push-distributor", encoding: .utf8)
        #expect(stored == "org.unifiedpush.Distributor.beta\n")
        #expect(
            try await unotify(["server", "--explain"]).stdout.contains(
                "push distributor: org.unifiedpush.Distributor.beta"))

        // The app moves at its next --register: a new subscription from beta, alpha told.
        let moved = try await unotify(["push", "--register", "org.example.Chat"])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout != first.stdout)
        let registration = try #require(await beta.registrations.values.first)
        #expect(moved.stdout.contains(registration.endpoint))
        #expect(await alpha.unregistered.count == 1)

        // auto: no choice is stored; a name that is none is refused and changes nothing.
        #expect(try await unotify(["push", "--distributor", "not a name"]).status != 0)
        #expect(FileManager.default.fileExists(atPath: config.path + "/unotify/push-distributor"))
        #expect(try await unotify(["push", "--distributor", "auto"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: config.path + "/unotify/push-distributor"))
        await alpha.stop()
        await beta.stop()
    }
}

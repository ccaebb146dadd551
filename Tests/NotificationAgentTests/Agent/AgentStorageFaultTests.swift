import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// The state directory full or read-only: every change that cannot be saved is a clear error,
/// what was saved before is kept, and an app is never authorized by accident (in memory but
/// not on disk).
@Suite(.timeLimit(.minutes(1)), .serialized) struct AgentStorageFaultTests {
    /// The agent's rig on a small tmpfs of its own, which the test fills or makes read-only.
    struct Rig {
        let disk: TmpfsMount
        let base: AgentRig

        init(kilobytes: Int = 256) async throws {
            disk = try TmpfsMount(kilobytes: kilobytes)
            // The agent keeps the disk: it is unmounted once the agent is gone, after its last write.
            base = try await AgentRig(directory: disk.url, keeping: disk)
        }

        var bus: PrivateBus { base.bus }
        var fake: FakeNotificationServer { base.fake }
        var agent: NotificationAgent { base.agent }
        var client: AgentClient { base.client }
    }

    static let allowed = AppSettings.authorized(requesting: [.alert]).wire

    /// A scheduled notification comes due while the disk is full, so the store cannot record
    /// its claim: the agent says so in its log, naming the store, and shows it once the store
    /// can be written again (late, never lost, never shown without its claim).
    @Test func aDueNotificationThatCannotBeClaimedIsLoggedAndShownOnceTheDiskHasRoom() async throws {
        let rig = try await Rig()
        _ = try await rig.client.setSettings(app: "org.example.Later", changes: Self.allowed)
        _ = try await rig.client.add(
            app: "org.example.Later", request: DeliveryRequest(identifier: "later", title: "Later"),
            trigger: .timeInterval(seconds: 1, repeats: false))
        let filler = try rig.disk.fill()
        let log = rig.base.log
        try await Eventually.wait(timeout: .seconds(10), "the agent logs the claim it could not write") {
            log.all.contains { $0.hasPrefix("unotifyd: schedule: due notifications could not be claimed") }
        }
        #expect(log.all.contains { $0.contains(rig.disk.path) }, "\(log.all)")
        try FileManager.default.removeItem(atPath: filler)
        #expect(try await rig.fake.nextCall().request.summary == "Later")
    }

    /// (A read-only remount is refused by the kernel while the agent has its store open, so the
    /// disk that cannot be written is a full one.)
    @Test func aChangeThatCannotBeSavedIsAnErrorAndAuthorizesNothing() async throws {
        let rig = try await Rig()
        _ = try await rig.client.setSettings(app: "org.example.Saved", changes: Self.allowed)
        try rig.disk.fill()
        let error = await #expect(throws: AgentError.self) {
            _ = try await rig.client.setSettings(app: "org.example.New", changes: Self.allowed)
        }
        #expect(error?.code == .settings)
        #expect(
            error.map { "\($0)".contains(rig.disk.path) } == true,
            "the error names the place: \(String(describing: error))")
        // Not authorized in memory either: its notifications are refused.
        #expect(try await rig.client.settings(app: "org.example.New").authorization == .notDetermined)
        let refused = await #expect(throws: AgentError.self) {
            _ = try await rig.client.add(
                app: "org.example.New", request: DeliveryRequest(identifier: "n", title: "New"))
        }
        #expect(refused?.code == .notAllowed)
        // What was saved before is kept and still works.
        #expect(try await rig.client.settings(app: "org.example.Saved").authorization == .authorized)
        _ = try await rig.client.add(
            app: "org.example.Saved", request: DeliveryRequest(identifier: "s", title: "Saved"))
        #expect(try await rig.fake.nextCall().request.summary == "Saved")
    }

    @Test func anAllowThatCannotBeSavedFailsTheRequestInsteadOfGrantingIt() async throws {
        let rig = try await Rig()
        let client = rig.client
        let waiting = Task {
            try await client.requestAuthorization(app: "org.example.Tea", options: [.alert], timeout: .seconds(30))
        }
        let prompt = try await rig.fake.nextCall()
        try rig.disk.fill()
        try await rig.fake.emit(.actionInvoked(prompt.id, actionKey: AuthorizationActionKey.allow))
        await #expect {
            _ = try await waiting.value
        } throws: { error in
            (error as? AgentError)?.code == .server && "\(error)".contains("could not be saved")
        }
        #expect(try await rig.client.settings(app: "org.example.Tea").authorization == .notDetermined)
    }
}

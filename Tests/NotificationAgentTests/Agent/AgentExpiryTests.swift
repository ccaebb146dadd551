import FreedesktopNotifications
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// An app's expiry time (`-t`) on a server that ignores `expire_timeout` (GNOME Shell): the
/// agent closes the notification itself when the time is up and forgets it.
@Suite(.timeLimit(.minutes(1))) struct AgentExpiryTests {
    @Test func whereTheServerIgnoresExpiryTheAgentClosesTheNotification() async throws {
        let rig = try await AgentTests.Rig(
            capabilities: ["actions", "body", "body-markup", "persistence", "sound"],
            information: ServerInformation(name: "gnome-shell", vendor: "GNOME", version: "43.9", specVersion: "1.2"))
        let app = "org.example.Egg"
        _ = try await rig.client.setSettings(app: app, changes: AppSettings.authorized(requesting: [.alert]).wire)
        var request = DeliveryRequest(identifier: "egg", title: "Egg timer")
        request.expireTimeout = 100
        let id = try await rig.client.add(app: app, request: request)
        #expect(try await rig.fake.nextCall().request.expireTimeout == .milliseconds(100), "still sent to the server")
        try await rig.fake.waitForClose(of: id)
        try await Eventually.wait(timeout: .seconds(10), "the agent forgets the expired notification") {
            try await rig.client.delivered(app: app).isEmpty
        }
    }
}

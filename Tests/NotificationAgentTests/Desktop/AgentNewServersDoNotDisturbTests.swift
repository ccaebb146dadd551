import DBus
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport

@testable import NotificationAgent

/// The agent follows the do-not-disturb of SwayNotificationCenter, Budgie and awesome, read from
/// fakes that answer on the notification server's own connection as the real servers do: an
/// `.active` notification goes without its sound while it is on, a `.critical` one is sent
/// critical, with its sound.
@Suite(.timeLimit(.minutes(1))) struct AgentNewServersDoNotDisturbTests {
    static let app = "org.example.Tea"

    @Test(arguments: [
        ("SwayNotificationCenter", "/org/erikreider/swaync/cc", "org.erikreider.swaync.cc", "GetDnd"),
        (
            "Budgie Notification Server", "/org/budgie_desktop/Notifications", "org.buddiesofbudgie.budgie.Dispatcher",
            "GetDoNotDisturb"
        ),
        ("naughty", "/", "org.awesomewm.awful.Remote", "Eval"),
    ])
    func activeGoesQuietlyAndCriticalBreaksThrough(server: String, path: String, interface: String, member: String)
        async throws
    {
        let rig = try await AgentTests.Rig(
            information: ServerInformation(name: server, vendor: "tests", version: "1", specVersion: "1.2"))
        let state = DoNotDisturbState()
        let (path, interface, member) = (
            try ObjectPath(validating: path), try InterfaceName(validating: interface),
            try MemberName(validating: member)
        )
        await rig.fake.connection.export(path: path) { message in
            guard message.interface == interface, message.member == member else {
                throw DBusError(.unknownMethod, "no such method")
            }
            return [.boolean(await state.on)]
        }
        _ = try await rig.client.setSettings(
            app: Self.app, changes: AppSettings.authorized(requesting: [.alert, .sound, .criticalAlert]).wire)
        let sound = DeliveryRequest.Sound.named("message-new-instant")
        _ = try await rig.client.add(app: Self.app, request: DeliveryRequest(identifier: "a", title: "A", sound: sound))
        #expect(try await rig.fake.nextCall().request.hints.soundName == "message-new-instant")
        await state.set(true)
        _ = try await rig.client.add(app: Self.app, request: DeliveryRequest(identifier: "b", title: "B", sound: sound))
        let quiet = try await rig.fake.nextCall().request
        #expect(quiet.hints.soundName == nil && quiet.hints.suppressSound == true, "\(server)")
        _ = try await rig.client.add(
            app: Self.app,
            request: DeliveryRequest(identifier: "c", title: "C", sound: sound, interruptionLevel: .critical))
        let critical = try await rig.fake.nextCall().request
        #expect(critical.hints.urgency == .critical, "\(server)")
        #expect(critical.hints.soundName == "message-new-instant", "\(server)")
    }
}

/// The fake server's switch.
private actor DoNotDisturbState {
    var on = false
    func set(_ on: Bool) { self.on = on }
}

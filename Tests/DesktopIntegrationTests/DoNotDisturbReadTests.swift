import DBus
import DesktopIntegration
import FreedesktopNotifications
import Testing
import TestSupport

/// Reading the do-not-disturb switch of SwayNotificationCenter, Budgie and awesome from fakes
/// that answer as the real servers do (measured on Debian 12: swaync 0.7.3, budgie-daemon 10.7.1,
/// awesome 4.3), each on the notification server's own connection, as the real ones are.
@Suite(.timeLimit(.minutes(1))) struct DoNotDisturbReadTests {
    @Test func swayncAnswersGetDndOnItsControlCenterObject() async throws {
        try await Self.expectFollows(
            "SwayNotificationCenter", "ErikReider", at: "/org/erikreider/swaync/cc", "org.erikreider.swaync.cc",
            "GetDnd")
    }

    @Test func budgieAnswersGetDoNotDisturbOnItsDispatcher() async throws {
        try await Self.expectFollows(
            "Budgie Notification Server", "Budgie Desktop Developers", at: "/org/budgie_desktop/Notifications",
            "org.buddiesofbudgie.budgie.Dispatcher", "GetDoNotDisturb")
    }

    /// awesome evaluates exactly the one read-only expression; its answer is a boolean.
    @Test func awesomeEvaluatesOnlyIsSuspended() async throws {
        let bus = try PrivateBus()
        let state = SwitchState()
        let server = try await Self.server(bus, "naughty", "awesome")
        await server.connection.export(path: "/") { message in
            guard message.interface == "org.awesomewm.awful.Remote", message.member == "Eval",
                message.body == [.string(#"return require("naughty").is_suspended()"#)]
            else { throw DBusError(.unknownMethod, "not the expected expression: \(message.body)") }
            return [.boolean(await state.on)]
        }
        try await Self.expectFollows(state, bus)
    }

    /// Without naughty (an rc.lua that never loads it), awesome's `Eval` answers the Lua error as a
    /// string (measured): that is "cannot be read", never "off".
    @Test func awesomeWithoutNaughtyCannotBeRead() async throws {
        let bus = try PrivateBus()
        let server = try await Self.server(bus, "naughty", "awesome")
        await server.connection.export(path: "/") { _ in
            [.string(#"Error during execution: module 'naughty' not found"#)]
        }
        let client = NotificationsClient(connection: try DBusConnection(address: bus.address))
        await #expect(throws: NotificationServerError.self) { try await client.isDoNotDisturbOn() }
    }

    /// Enlightenment keeps no switch: `--explain` says why, by its name.
    @Test func enlightenmentSaysItHasNone() {
        let profile = ServerProfileFixture.profile("e17", "enlightenment.org", "0.25.4", ["body", "body-markup"])
        #expect(DoNotDisturbSwitch.of(profile) == nil)
        #expect(DoNotDisturbSwitch.absence(in: profile).hasPrefix("Enlightenment has no do-not-disturb"))
        // 0.27.1 reports another name and vendor, and its module has no switch either.
        let newer = ServerProfileFixture.profile(
            "Notification Service", "Enlightenment", "0.27.1", ["actions", "body", "body-markup"])
        #expect(DoNotDisturbSwitch.of(newer) == nil)
        #expect(DoNotDisturbSwitch.absence(in: newer).hasPrefix("Enlightenment has no do-not-disturb"))
    }

    private static func server(_ bus: PrivateBus, _ name: String, _ vendor: String) async throws
        -> FakeNotificationServer
    {
        try await FakeNotificationServer(
            address: bus.address, capabilities: ["actions", "body"],
            information: ServerInformation(name: name, vendor: vendor, version: "1", specVersion: "1.2"))
    }

    /// A server that answers `member` of `interface` at `path` with its switch, read by the client.
    private static func expectFollows(
        _ name: String, _ vendor: String, at path: ObjectPath, _ interface: InterfaceName, _ member: MemberName
    ) async throws {
        let bus = try PrivateBus()
        let state = SwitchState()
        let server = try await Self.server(bus, name, vendor)
        await server.connection.export(path: path) { message in
            guard message.interface == interface, message.member == member else {
                throw DBusError(.unknownMethod, "no such method")
            }
            return [.boolean(await state.on)]
        }
        try await Self.expectFollows(state, bus)
    }

    /// The client reads off, then on after the switch flips, then off again.
    private static func expectFollows(_ state: SwitchState, _ bus: PrivateBus) async throws {
        let client = NotificationsClient(connection: try DBusConnection(address: bus.address))
        #expect(try await client.isDoNotDisturbOn() == false)
        await state.set(true)
        #expect(try await client.isDoNotDisturbOn() == true)
        await state.set(false)
        #expect(try await client.isDoNotDisturbOn() == false)
    }
}

/// The fake server's switch.
private actor SwitchState {
    var on = false
    func set(_ on: Bool) { self.on = on }
}

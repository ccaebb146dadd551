import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// Badges as the Unity launcher API's `Update` signal, heard by a listener on the bus.
@Suite(.timeLimit(.minutes(1))) struct AgentBadgeTests {
    static func listen(_ rig: AgentTests.Rig) async throws -> AsyncThrowingStream<DBusMessage, any Error>.AsyncIterator
    {
        let dock = try DBusConnection(address: rig.bus.address)
        let stream = try await dock.signals(
            matching: MatchRule(interface: "com.canonical.Unity.LauncherEntry", member: "Update"))
        return stream.makeAsyncIterator()
    }

    static func count(_ message: DBusMessage?) throws -> (Int64, Bool)? {
        guard let message, message.body.count == 2 else { return nil }
        let properties = try [String: DBusVariant](dbusValue: message.body[1])
        guard case .int64(let count)? = properties["count"]?.value,
            case .boolean(let visible)? = properties["count-visible"]?.value
        else { return nil }
        return (count, visible)
    }

    @Test func setBadgeCountAndContentBadgeReachTheDock() async throws {
        let rig = try await AgentTests.Rig()
        _ = try await rig.client.setSettings(
            app: "org.example.Mail", changes: AppSettings.authorized(requesting: [.alert, .badge]).wire)
        var dock = try await Self.listen(rig)
        #expect(try await rig.client.setBadge(app: "org.example.Mail", count: 3))
        let first = try await dock.next()
        #expect(first?.body.first == .string("application://org.example.Mail.desktop"))
        #expect(try Self.count(first) ?? (0, false) == (3, true))
        _ = try await rig.client.add(
            app: "org.example.Mail", request: DeliveryRequest(identifier: "m", title: "Mail", badge: 5))
        #expect(try Self.count(try await dock.next()) ?? (0, false) == (5, true))
        #expect(try await rig.client.setBadge(app: "org.example.Mail", count: 0))
        #expect(try Self.count(try await dock.next()) ?? (1, true) == (0, false))
    }

    @Test func badgeSettingOffShowsNothingAndNegativeIsRefused() async throws {
        let rig = try await AgentTests.Rig()
        _ = try await rig.client.setSettings(
            app: "org.example.Mail", changes: AppSettings.authorized(requesting: [.alert]).wire)
        #expect(try await rig.client.setBadge(app: "org.example.Mail", count: 3) == false)
        await #expect(throws: AgentError.self) { try await rig.client.setBadge(app: "org.example.Mail", count: -1) }
        let center = UNUserNotificationCenter(
            appIdentifier: "org.example.Mail", backend: AgentBackend(address: rig.bus.address))
        do {
            try await center.setBadgeCount(-2)
            Issue.record("a negative badge was accepted")
        } catch let error as UNError {
            #expect(error.code == .badgeInputInvalid)
        }
    }
}

import DBus
import Testing

@testable import FreedesktopNotifications

/// The typed reply in the portal's `ActionInvoked` (version 2's reply purpose): the string after
/// the platform data. No backend measured sends one yet (Phosh's drops the purpose), so this is
/// the shape the portal's specification gives.
@Suite struct PortalReplyTextTests {
    static let platformData = DBusValue.variant(
        .dictionary(
            key: .string, value: .variant,
            [DBusDictionaryEntry(key: .string("activation-token"), value: .variant(.string("t")))]))

    @Test func theTextAfterThePlatformDataIsTheReply() {
        let parameter = DBusValue.array(element: .variant, [Self.platformData, .variant(.string("On my way"))])
        #expect(PortalNotificationServer.replyText(in: parameter) == "On my way")
    }

    @Test func aClickWithoutTextIsNoReply() {
        #expect(PortalNotificationServer.replyText(in: .array(element: .variant, [Self.platformData])) == nil)
        #expect(PortalNotificationServer.replyText(in: .array(element: .variant, [])) == nil)
        // A target alone (a button that has one) is no reply either.
        #expect(
            PortalNotificationServer.replyText(in: .array(element: .variant, [.variant(.string("42:drink"))])) == nil)
    }
}

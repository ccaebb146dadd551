import DBus
import FreedesktopNotifications
import Testing

@Suite struct ServerEventTests {
    @Test(arguments: [
        ServerEvent.actionInvoked(ServerNotificationID(rawValue: 7), actionKey: "open"),
        .activationToken(ServerNotificationID(rawValue: 7), token: "tok"),
        .replied(ServerNotificationID(rawValue: 7), text: "hi there"),
        .closed(ServerNotificationID(rawValue: 7), .dismissed),
        .closed(ServerNotificationID(rawValue: 7), .unrecognized(99)),
    ])
    func signalsRoundTrip(_ event: ServerEvent) throws {
        let wire = try DBusMessage(marshalled: event.signal.marshalled())
        #expect(ServerEvent(signal: wire) == event)
    }

    @Test func everyCloseReasonKeepsItsWireValue() {
        for raw in UInt32(0)...6 { #expect(CloseReason(wireValue: raw).wireValue == raw) }
        #expect(CloseReason(wireValue: 2) == .dismissed)
    }

    @Test func signalsWithTheWrongTypesAreNotEvents() {
        let bad = DBusMessage.signal(
            path: NotificationsService.path, interface: NotificationsService.interface,
            member: "ActionInvoked", body: [.string("7"), .string("open")])
        #expect(ServerEvent(signal: bad) == nil)
    }

    @Test func notifyArgumentsRoundTrip() throws {
        var hints = NotificationHints()
        hints.urgency = .low
        let request = NotifyRequest(
            appName: "a", replacesID: ServerNotificationID(rawValue: 3), appIcon: "i", summary: "s",
            body: "b", actions: [NotificationAction(key: "k", label: "L")], hints: hints,
            expireTimeout: .milliseconds(500))
        #expect(try NotifyRequest(arguments: request.arguments) == request)
        #expect(request.arguments.map(\.signature.description).joined() == "susssasa{sv}i")
    }

    @Test func capabilitiesKeepUnknownOnes() {
        let capabilities = ServerCapabilities(["actions", "body-markup", "x-dunst-stack-tag", "inline-reply"])
        #expect(capabilities.contains(.actions))
        #expect(capabilities.contains(.inlineReply))
        #expect(!capabilities.contains(.sound))
        #expect(capabilities.unrecognized == ["x-dunst-stack-tag"])
        #expect(capabilities.strings == ["actions", "body-markup", "inline-reply", "x-dunst-stack-tag"])
    }
}

import DBus
import Foundation
import FreedesktopNotifications
import Testing
@testable import UserNotifications
@testable import NotificationAgent

/// A request's icon, timeout, `transient` and vendor hints reach `Notify`; the hints the agent
/// sets itself are never taken from the request, on the wire or in the mapping.
@Suite struct MappingVendorHintsTests {
    @Test func theRequestsOwnFieldsArePassedOn() {
        var request = DeliveryRequest(identifier: "a", title: "Tea")
        request.appIcon = "dialog-information"
        request.expireTimeout = 0
        request.isTransient = true
        request.hints = ["x-foo": DBusVariant("bar"), "category": DBusVariant("im")]
        let notify = MappingPresentationTests.plan(request, MappingPresentationTests.authorized).notify
        #expect(notify.appIcon == "dialog-information")
        #expect(notify.expireTimeout == .never)
        #expect(notify.hints.isTransient == true)
        #expect(notify.hints.vendor == ["x-foo": DBusVariant("bar")])
        #expect(notify.hints.category == "im")
    }

    @Test func reservedHintsNeverOverrideTheAgents() {
        var request = DeliveryRequest(identifier: "a", title: "Tea", interruptionLevel: .passive)
        request.hints = [
            "urgency": DBusVariant(UInt8(2)), "suppress-sound": DBusVariant(false),
            "desktop-entry": DBusVariant("org.example.Mail"), "value": DBusVariant(Int32(5)),
        ]
        let notify = MappingPresentationTests.plan(request, MappingPresentationTests.authorized).notify
        #expect(notify.hints.urgency == .low)
        #expect(notify.hints.suppressSound == true)
        #expect(notify.hints.desktopEntry == "org.example.Tea")
        #expect(notify.hints.vendor.isEmpty)
    }

    @Test func theWireRefusesReservedTooManyOrTooLargeHints() throws {
        let cases: [(String, [String: DBusVariant])] = [
            ("reserved", ["urgency": DBusVariant(UInt8(2))]),
            (
                "too many",
                Dictionary(
                    uniqueKeysWithValues: (0...DeliveryRequest.Limits.hintCount).map { ("x-\($0)", DBusVariant(true)) })
            ),
            ("too large", ["x-big": DBusVariant(String(repeating: "x", count: DeliveryRequest.Limits.hintBytes))]),
            ("empty name", ["": DBusVariant(true)]),
        ]
        for (what, hints) in cases {
            var request = DeliveryRequest(identifier: "a", title: "Tea")
            request.hints = hints
            let error = #expect(throws: AgentError.self, "\(what)") { try DeliveryRequest(wire: request.wire) }
            #expect(error?.code == .invalidArgument)
        }
        var fine = DeliveryRequest(identifier: "a", title: "Tea")
        fine.hints = ["x-list": DBusVariant(.array(element: .int32, [.int32(1)]))]
        #expect(try DeliveryRequest(wire: fine.wire) == fine)
    }

    @Test func aScheduledRequestKeepsIconTimeoutAndTransientButRefusesHints() throws {
        var request = DeliveryRequest(identifier: "a", title: "Tea")
        (request.appIcon, request.expireTimeout, request.isTransient) = ("tea", 3000, true)
        let stored = try JSONDecoder().decode(DeliveryRequest.self, from: JSONEncoder().encode(request))
        #expect(stored == request)
        request.hints = ["x-foo": DBusVariant("bar")]
        #expect(throws: ScheduleError(.hintsNotKept)) {
            try PendingNotification(
                app: "org.example.Tea", request: request, trigger: .timeInterval(seconds: 60, repeats: false),
                addedAt: .now, calendarTimeZone: .current)
        }
    }
}

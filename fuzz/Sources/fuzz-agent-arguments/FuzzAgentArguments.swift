import DBus
import Foundation
import FuzzSupport
import NotificationAgentClient
import NotificationAgent
import UserNotifications

// The agent's method arguments: a D-Bus message off the wire, its body decoded as each of the
// agent's methods does (the app identifier, `Add`'s request and trigger up to the pending
// notification it schedules, `SetSettings`' changes, `Remove*`'s identifiers).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAgentArguments(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let message = try? DBusMessage(marshalled: fuzzBytes(bytes, count)) else { return 0 }
    let body = message.body
    if case .string(let app)? = body.first { _ = AppIdentifier.problem(with: app) }
    guard body.count == 2 else { return 0 }
    _ = try? [String](dbusValue: body[1])
    guard let wire = try? [String: DBusVariant](dbusValue: body[1]) else { return 0 }
    _ = try? AppSettings().applying(wire)
    guard let request = try? DeliveryRequest(wire: wire) else { return 0 }
    guard let triggerWire = wire["trigger"],
        let triggerFields = try? [String: DBusVariant](dbusValue: triggerWire.value),
        let trigger = try? TriggerRecord(wire: triggerFields)
    else { return 0 }
    let scheduled = ScheduledTrigger(trigger)
    let added = Date(timeIntervalSince1970: 1_800_000_000)
    guard
        let pending = try? PendingNotification(
            app: "org.example.app", request: request, trigger: scheduled,
            addedAt: added, calendarTimeZone: TimeZone(identifier: "UTC") ?? .current)
    else { return 0 }
    _ = pending.trigger.nextFireDate(after: pending.fireDate, anchor: pending.anchorDate, calendarTimeZone: .current)
    return 0
}

import DBus

/// A notification request as the agent's `Add` takes it: what to show and, when it is
/// scheduled, its trigger, carried in the request's fields under `trigger`.
package struct RequestRecord: WireRecord, Hashable {
    package var request: DeliveryRequest
    /// When to deliver it; `nil`: now.
    package var trigger: TriggerRecord?

    package init(_ request: DeliveryRequest, trigger: TriggerRecord? = nil) {
        self.request = request
        self.trigger = trigger
    }

    package var wire: [String: DBusVariant] {
        var result = request.wire
        if let trigger { result["trigger"] = DBusVariant(trigger.dbusValue) }
        return result
    }

    package init(wire: [String: DBusVariant]) throws {
        request = try DeliveryRequest(wire: wire)
        trigger = try wire["trigger"].map { try TriggerRecord(dbusValue: $0.value) }
    }
}

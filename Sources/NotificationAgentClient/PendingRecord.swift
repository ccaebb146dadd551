import DBus

/// One request waiting for its trigger, as the agent's `ListPending` answers it: `(a{sv}a{sv}d)`.
package struct PendingRecord: DBusRepresentable, Hashable {
    package var request: DeliveryRequest
    package var trigger: TriggerRecord
    /// Seconds since 1970 of the next delivery.
    package var nextFireDate: Double

    package init(request: DeliveryRequest, trigger: TriggerRecord, nextFireDate: Double) {
        self.request = request
        self.trigger = trigger
        self.nextFireDate = nextFireDate
    }

    package static var dbusSignature: DBusSignature {
        .structure([DeliveryRequest.dbusSignature, TriggerRecord.dbusSignature, Double.dbusSignature])
    }

    package var dbusValue: DBusValue { .structure([request.dbusValue, trigger.dbusValue, nextFireDate.dbusValue]) }

    package init(dbusValue: DBusValue) throws {
        guard case .structure(let fields) = dbusValue, fields.count == 3 else {
            throw DBusError(.unexpectedType, "a pending request is (a{sv}a{sv}d), not \(dbusValue.signature)")
        }
        self.init(
            request: try DeliveryRequest(dbusValue: fields[0]), trigger: try TriggerRecord(dbusValue: fields[1]),
            nextFireDate: try Double(dbusValue: fields[2]))
    }
}

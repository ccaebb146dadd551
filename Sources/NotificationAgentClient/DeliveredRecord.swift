import DBus
import FreedesktopNotifications

/// One notification the server still shows, as the agent's `ListDelivered` answers it: `(uda{sv})`.
package struct DeliveredRecord: DBusRepresentable, Hashable {
    package var serverID: ServerNotificationID
    /// Seconds since 1970 when it was delivered.
    package var date: Double
    package var request: DeliveryRequest

    package init(serverID: ServerNotificationID, date: Double, request: DeliveryRequest) {
        self.serverID = serverID
        self.date = date
        self.request = request
    }

    package static var dbusSignature: DBusSignature {
        .structure([UInt32.dbusSignature, Double.dbusSignature, DeliveryRequest.dbusSignature])
    }

    package var dbusValue: DBusValue { .structure([serverID.rawValue.dbusValue, date.dbusValue, request.dbusValue]) }

    package init(dbusValue: DBusValue) throws {
        guard case .structure(let fields) = dbusValue, fields.count == 3 else {
            throw DBusError(.unexpectedType, "a delivered notification is (uda{sv}), not \(dbusValue.signature)")
        }
        self.init(
            serverID: ServerNotificationID(rawValue: try UInt32(dbusValue: fields[0])),
            date: try Double(dbusValue: fields[1]), request: try DeliveryRequest(dbusValue: fields[2]))
    }
}

import DBus

/// A record the agent's interface carries as an `a{sv}` of named fields (``wire``), so that a
/// method or signal can name it as one typed field (``AgentBody``).
package protocol WireRecord: DBusRepresentable {
    /// The record's fields by name.
    var wire: [String: DBusVariant] { get }
    /// Reads the fields; an error names the field that is malformed.
    init(wire: [String: DBusVariant]) throws
}

extension WireRecord {
    package static var dbusSignature: DBusSignature { [String: DBusVariant].dbusSignature }
    package var dbusValue: DBusValue { wire.dbusValue }
    package init(dbusValue: DBusValue) throws { try self.init(wire: [String: DBusVariant](dbusValue: dbusValue)) }
}

extension DeliveryRequest: WireRecord {}

extension TriggerRecord: WireRecord {}

extension ResponseRecord: WireRecord {}

extension AppSettings: WireRecord {
    /// The settings `wire` gives, every other one at its default.
    package init(wire: [String: DBusVariant]) throws { self = try AppSettings().applying(wire) }
}

import DBus

/// One message body of the agent's interface, typed: the named fields of a method's arguments,
/// of its reply or of a signal, and how a `Value` is written to them and read from them.
///
/// Each field's D-Bus type is its Swift type's ``DBusRepresentable/dbusSignature``, so the
/// signature that introspection lists and the router checks is the one the values are sent in.
/// A body of one field has that field's type as its `Value`, of several a tuple, of none `Void`.
package struct AgentBody<Value>: Sendable {
    /// The fields in order: each one's name and D-Bus type, as introspection lists them.
    package let fields: [DBusArgumentDescription]
    private let write: @Sendable (Value) -> [DBusValue]
    private let read: @Sendable ([DBusValue]) throws -> Value

    private init(
        _ fields: [DBusArgumentDescription], write: @escaping @Sendable (Value) -> [DBusValue],
        read: @escaping @Sendable ([DBusValue]) throws -> Value
    ) {
        self.fields = fields
        self.write = write
        self.read = read
    }

    /// The body's signature, the fields' types in order, e.g. `sa{sv}`.
    package var signature: String { fields.map(\.type).joined() }

    /// The body carrying `value`.
    package func encode(_ value: Value) -> [DBusValue] { write(value) }

    /// The value `body` carries.
    ///
    /// - Throws: ``DBusError`` with code `.unexpectedType` when the body's signature is not
    ///   ``signature``; a field's own error when its value is malformed or out of bounds.
    package func decode(_ body: [DBusValue]) throws -> Value {
        let given = body.map(\.signature.description).joined()
        guard given == signature else {
            throw DBusError(.unexpectedType, "expected a body of signature (\(signature)), got (\(given))")
        }
        return try read(body)
    }

    private static func field<T: DBusRepresentable>(_ name: String, _ type: T.Type) -> DBusArgumentDescription {
        DBusArgumentDescription(name, T.dbusSignature.description)
    }
}

extension AgentBody {
    /// A body without fields.
    package init() where Value == Void {
        self.init([], write: { _ in [] }, read: { _ in () })
    }

    /// A body of one field, `name`, of type `Value`.
    package init(_ name: String, _ type: Value.Type) where Value: DBusRepresentable {
        self.init([Self.field(name, type)], write: { [$0.dbusValue] }, read: { try Value(dbusValue: $0[0]) })
    }

    /// A body of two fields.
    package init<A: DBusRepresentable, B: DBusRepresentable>(_ a: String, _ aType: A.Type, _ b: String, _ bType: B.Type)
    where Value == (A, B) {
        self.init(
            [Self.field(a, aType), Self.field(b, bType)], write: { [$0.0.dbusValue, $0.1.dbusValue] },
            read: { (try A(dbusValue: $0[0]), try B(dbusValue: $0[1])) })
    }

    /// A body of three fields.
    package init<A: DBusRepresentable, B: DBusRepresentable, C: DBusRepresentable>(
        _ a: String, _ aType: A.Type, _ b: String, _ bType: B.Type, _ c: String, _ cType: C.Type
    ) where Value == (A, B, C) {
        self.init(
            [Self.field(a, aType), Self.field(b, bType), Self.field(c, cType)],
            write: { [$0.0.dbusValue, $0.1.dbusValue, $0.2.dbusValue] },
            read: { (try A(dbusValue: $0[0]), try B(dbusValue: $0[1]), try C(dbusValue: $0[2])) })
    }
}

/// A Swift type with a fixed D-Bus signature that converts to and from ``DBusValue``.
///
/// The signature is a property of the type, so an empty `[String]` is still `as`.
public protocol DBusRepresentable: Sendable {
    /// The D-Bus signature of every value of this type.
    static var dbusSignature: DBusSignature { get }
    /// This value as a D-Bus value; its signature is ``dbusSignature``.
    var dbusValue: DBusValue { get }
    /// Decodes a value, throwing ``DBusError`` with code `.unexpectedType` when the types differ.
    init(dbusValue: DBusValue) throws
}

extension DBusValue {
    /// The error thrown when a value does not have the expected type.
    static func typeMismatch(expected: DBusSignature, got value: DBusValue) -> DBusError {
        DBusError(.unexpectedType, "expected a value of type '\(expected)', got '\(value.signature)'")
    }

    /// Decodes this value as `T`.
    public func decode<T: DBusRepresentable>(as type: T.Type = T.self) throws -> T {
        try T(dbusValue: self)
    }
}

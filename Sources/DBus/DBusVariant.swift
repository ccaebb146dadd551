/// A D-Bus variant (`v`): a value of any type that carries its own signature.
public struct DBusVariant: DBusRepresentable, Hashable {
    /// The value inside the variant.
    public var value: DBusValue

    /// A variant holding `value`.
    public init(_ value: DBusValue) { self.value = value }
    /// A variant holding `value` as its D-Bus value.
    public init<T: DBusRepresentable>(_ value: T) { self.value = value.dbusValue }

    public static var dbusSignature: DBusSignature { .variant }
    public var dbusValue: DBusValue { .variant(value) }
    public init(dbusValue: DBusValue) throws {
        guard case .variant(let inner) = dbusValue else {
            throw DBusValue.typeMismatch(expected: .variant, got: dbusValue)
        }
        value = inner
    }
}

// Conformances of arrays, dictionaries and variants.

/// An array of a representable type is sent and received as D-Bus `aT`, its element type's array.
extension Array: DBusRepresentable where Element: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .array(Element.dbusSignature) }
    public var dbusValue: DBusValue { .array(element: Element.dbusSignature, map(\.dbusValue)) }
    public init(dbusValue: DBusValue) throws {
        guard case .array(let element, let values) = dbusValue, element == Element.dbusSignature else {
            throw DBusValue.typeMismatch(expected: Self.dbusSignature, got: dbusValue)
        }
        self = try values.map { try Element(dbusValue: $0) }
    }
}

/// A dictionary of representable types is sent and received as D-Bus `a{KV}`.
extension Dictionary: DBusRepresentable where Key: DBusRepresentable, Value: DBusRepresentable {
    public static var dbusSignature: DBusSignature {
        .dictionary(key: Key.dbusSignature, value: Value.dbusSignature)
    }
    /// Entries in key order when keys are strings, so that encoding is deterministic.
    public var dbusValue: DBusValue {
        var entries = map { DBusDictionaryEntry(key: $0.key.dbusValue, value: $0.value.dbusValue) }
        entries.sort { lhs, rhs in
            if case .string(let l) = lhs.key, case .string(let r) = rhs.key { return l < r }
            return false
        }
        return .dictionary(key: Key.dbusSignature, value: Value.dbusSignature, entries)
    }
    public init(dbusValue: DBusValue) throws {
        guard case .dictionary(let key, let value, let entries) = dbusValue,
            key == Key.dbusSignature, value == Value.dbusSignature
        else { throw DBusValue.typeMismatch(expected: Self.dbusSignature, got: dbusValue) }
        self.init()
        for entry in entries {
            self[try Key(dbusValue: entry.key)] = try Value(dbusValue: entry.value)
        }
    }
}

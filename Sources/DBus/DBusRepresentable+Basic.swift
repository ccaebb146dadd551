// Conformances of the Swift types that map one-to-one onto D-Bus basic types.

/// `UInt8` is sent and received as D-Bus `y`, an unsigned 8-bit integer.
extension UInt8: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .byte }
    public var dbusValue: DBusValue { .byte(self) }
    public init(dbusValue: DBusValue) throws {
        guard case .byte(let value) = dbusValue else { throw DBusValue.typeMismatch(expected: .byte, got: dbusValue) }
        self = value
    }
}

/// `Bool` is sent and received as D-Bus `b`, a boolean.
extension Bool: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .boolean }
    public var dbusValue: DBusValue { .boolean(self) }
    public init(dbusValue: DBusValue) throws {
        guard case .boolean(let value) = dbusValue else {
            throw DBusValue.typeMismatch(expected: .boolean, got: dbusValue)
        }
        self = value
    }
}

/// `Int16` is sent and received as D-Bus `n`, a signed 16-bit integer.
extension Int16: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .int16 }
    public var dbusValue: DBusValue { .int16(self) }
    public init(dbusValue: DBusValue) throws {
        guard case .int16(let value) = dbusValue else { throw DBusValue.typeMismatch(expected: .int16, got: dbusValue) }
        self = value
    }
}

/// `UInt16` is sent and received as D-Bus `q`, an unsigned 16-bit integer.
extension UInt16: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .uint16 }
    public var dbusValue: DBusValue { .uint16(self) }
    public init(dbusValue: DBusValue) throws {
        guard case .uint16(let value) = dbusValue else {
            throw DBusValue.typeMismatch(expected: .uint16, got: dbusValue)
        }
        self = value
    }
}

/// `Int32` is sent and received as D-Bus `i`, a signed 32-bit integer.
extension Int32: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .int32 }
    public var dbusValue: DBusValue { .int32(self) }
    public init(dbusValue: DBusValue) throws {
        guard case .int32(let value) = dbusValue else { throw DBusValue.typeMismatch(expected: .int32, got: dbusValue) }
        self = value
    }
}

/// `UInt32` is sent and received as D-Bus `u`, an unsigned 32-bit integer.
extension UInt32: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .uint32 }
    public var dbusValue: DBusValue { .uint32(self) }
    public init(dbusValue: DBusValue) throws {
        guard case .uint32(let value) = dbusValue else {
            throw DBusValue.typeMismatch(expected: .uint32, got: dbusValue)
        }
        self = value
    }
}

/// `Int64` is sent and received as D-Bus `x`, a signed 64-bit integer.
extension Int64: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .int64 }
    public var dbusValue: DBusValue { .int64(self) }
    public init(dbusValue: DBusValue) throws {
        guard case .int64(let value) = dbusValue else { throw DBusValue.typeMismatch(expected: .int64, got: dbusValue) }
        self = value
    }
}

/// `UInt64` is sent and received as D-Bus `t`, an unsigned 64-bit integer.
extension UInt64: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .uint64 }
    public var dbusValue: DBusValue { .uint64(self) }
    public init(dbusValue: DBusValue) throws {
        guard case .uint64(let value) = dbusValue else {
            throw DBusValue.typeMismatch(expected: .uint64, got: dbusValue)
        }
        self = value
    }
}

/// `Double` is sent and received as D-Bus `d`, an IEEE 754 double.
extension Double: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .double }
    public var dbusValue: DBusValue { .double(self) }
    public init(dbusValue: DBusValue) throws {
        guard case .double(let value) = dbusValue else {
            throw DBusValue.typeMismatch(expected: .double, got: dbusValue)
        }
        self = value
    }
}

/// `String` is sent and received as D-Bus `s`, a string.
extension String: DBusRepresentable {
    public static var dbusSignature: DBusSignature { .string }
    public var dbusValue: DBusValue { .string(self) }
    public init(dbusValue: DBusValue) throws {
        guard case .string(let value) = dbusValue else {
            throw DBusValue.typeMismatch(expected: .string, got: dbusValue)
        }
        self = value
    }
}

extension ValidatedName: DBusRepresentable where Kind == ObjectPathKind {
    public static var dbusSignature: DBusSignature { .objectPath }
    public var dbusValue: DBusValue { .objectPath(self) }
    public init(dbusValue: DBusValue) throws {
        guard case .objectPath(let value) = dbusValue else {
            throw DBusValue.typeMismatch(expected: .objectPath, got: dbusValue)
        }
        self = value
    }
}

/// A D-Bus value of any type, with container element types carried explicitly.
///
/// Arrays and dictionaries keep their element signature so that an empty container
/// still has its correct type on the wire.
public indirect enum DBusValue: Hashable, Sendable {
    /// `y`: an unsigned 8-bit integer.
    case byte(UInt8)
    /// `b`: a boolean.
    case boolean(Bool)
    /// `n`: a signed 16-bit integer.
    case int16(Int16)
    /// `q`: an unsigned 16-bit integer.
    case uint16(UInt16)
    /// `i`: a signed 32-bit integer.
    case int32(Int32)
    /// `u`: an unsigned 32-bit integer.
    case uint32(UInt32)
    /// `x`: a signed 64-bit integer.
    case int64(Int64)
    /// `t`: an unsigned 64-bit integer.
    case uint64(UInt64)
    /// `d`: an IEEE 754 double.
    case double(Double)
    /// `s`: a UTF-8 string (libdbus refuses NUL bytes and invalid UTF-8; they are checked first).
    case string(String)
    /// `o`: an object path.
    case objectPath(ObjectPath)
    /// `g`: a type signature.
    case signature(DBusSignature)
    /// An array whose elements all have the signature `element`.
    case array(element: DBusSignature, [DBusValue])
    /// A dictionary (`a{kv}`); entries keep their wire order.
    case dictionary(key: DBusSignature, value: DBusSignature, [DBusDictionaryEntry])
    /// `(…)`: a structure, its fields in order.
    case structure([DBusValue])
    /// `v`: a value that carries its own signature.
    case variant(DBusValue)

    /// The signature of this value.
    public var signature: DBusSignature {
        switch self {
        case .byte: .byte
        case .boolean: .boolean
        case .int16: .int16
        case .uint16: .uint16
        case .int32: .int32
        case .uint32: .uint32
        case .int64: .int64
        case .uint64: .uint64
        case .double: .double
        case .string: .string
        case .objectPath: .objectPath
        case .signature: .signature
        case .array(let element, _): .array(element)
        case .dictionary(let key, let value, _): .dictionary(key: key, value: value)
        case .structure(let fields): .structure(fields.map(\.signature))
        case .variant: .variant
        }
    }

    /// The value inside a variant, or the value itself when it is not a variant.
    public var unwrappingVariant: DBusValue {
        if case .variant(let inner) = self { return inner.unwrappingVariant }
        return self
    }
}

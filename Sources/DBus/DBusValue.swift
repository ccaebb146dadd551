/// A D-Bus value of any type, with container element types carried explicitly.
///
/// Arrays and dictionaries keep their element signature so that an empty container
/// still has its correct type on the wire.
public indirect enum DBusValue: Hashable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(ObjectPath)
    case signature(DBusSignature)
    /// An array whose elements all have the signature `element`.
    case array(element: DBusSignature, [DBusValue])
    /// A dictionary (`a{kv}`); entries keep their wire order.
    case dictionary(key: DBusSignature, value: DBusSignature, [DBusDictionaryEntry])
    case structure([DBusValue])
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

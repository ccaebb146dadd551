/// A D-Bus type signature for one complete type, such as `s`, `a{sv}` or `(iiibiiay)`.
///
/// Signatures come from types (``DBusRepresentable/dbusSignature``), never from values,
/// so an empty `[String]` still marshals as `as` and an empty dictionary as `a{sv}`.
public indirect enum DBusSignature: Hashable, Sendable, CustomStringConvertible {
    /// `y`: an unsigned 8-bit integer.
    case byte
    /// `b`: a boolean.
    case boolean
    /// `n`: a signed 16-bit integer.
    case int16
    /// `q`: an unsigned 16-bit integer.
    case uint16
    /// `i`: a signed 32-bit integer.
    case int32
    /// `u`: an unsigned 32-bit integer.
    case uint32
    /// `x`: a signed 64-bit integer.
    case int64
    /// `t`: an unsigned 64-bit integer.
    case uint64
    /// `d`: an IEEE 754 double.
    case double
    /// `s`: a UTF-8 string without NUL bytes.
    case string
    /// `o`: an object path.
    case objectPath
    /// `g`: a type signature.
    case signature
    /// `h`: a Unix file descriptor.
    case unixFileDescriptor
    /// `v`: a variant, a value that carries its own signature.
    case variant
    /// `aT`: an array of elements of one type.
    case array(DBusSignature)
    /// `a{KV}`: a dictionary from a basic key type to a value type.
    case dictionary(key: DBusSignature, value: DBusSignature)
    /// `(…)`: a structure of fields of the given types.
    case structure([DBusSignature])

    /// The signature in D-Bus text form, e.g. `a{sv}`.
    public var description: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .unixFileDescriptor: "h"
        case .variant: "v"
        case .array(let element): "a" + element.description
        case .dictionary(let key, let value): "a{" + key.description + value.description + "}"
        case .structure(let fields): "(" + fields.map(\.description).joined() + ")"
        }
    }

    /// Whether this is a basic (non-container) type, the only kind allowed as a dictionary key.
    public var isBasic: Bool {
        switch self {
        case .variant, .array, .dictionary, .structure: false
        default: true
        }
    }

    /// The wire alignment of the type in bytes.
    public var alignment: Int {
        switch self {
        case .byte, .signature, .variant: 1
        case .int16, .uint16: 2
        case .boolean, .int32, .uint32, .string, .objectPath, .unixFileDescriptor, .array, .dictionary: 4
        case .int64, .uint64, .double, .structure: 8
        }
    }

    /// Parses exactly one complete type.
    ///
    /// - Throws: ``DBusError`` with code `.invalidArgument` when the text is not one complete type,
    ///   or one beyond D-Bus's limits (32 nested arrays, 32 nested structures, 255 bytes).
    public init(parsing text: String) throws {
        var parser = DBusSignatureParser(text)
        let result = try parser.parseWireType()
        guard parser.isAtEnd else {
            throw DBusError(.invalidArgument, "signature \"\(text)\" holds more than one complete type")
        }
        self = result
    }

    /// Parses a sequence of complete types, such as a message body's signature `susssasa{sv}i`.
    public static func parseList(_ text: String) throws -> [DBusSignature] {
        var parser = DBusSignatureParser(text)
        var result: [DBusSignature] = []
        while !parser.isAtEnd { result.append(try parser.parseWireType()) }
        return result
    }
}

/// A D-Bus type signature for one complete type, such as `s`, `a{sv}` or `(iiibiiay)`.
///
/// Signatures come from types (``DBusRepresentable/dbusSignature``), never from values,
/// so an empty `[String]` still marshals as `as` and an empty dictionary as `a{sv}`.
public indirect enum DBusSignature: Hashable, Sendable, CustomStringConvertible {
    case byte, boolean, int16, uint16, int32, uint32, int64, uint64, double
    case string, objectPath, signature, unixFileDescriptor
    case variant
    case array(DBusSignature)
    case dictionary(key: DBusSignature, value: DBusSignature)
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

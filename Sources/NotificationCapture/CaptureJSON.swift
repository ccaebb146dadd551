import DBus

/// The JSON text of `unotify capture`'s lines, written without Foundation (the CLI links this
/// module and starts without it).
package enum CaptureJSON {
    /// `text` as a JSON string.
    package static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A JSON array of values already written as JSON.
    package static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

    /// A JSON object of members whose values are already written as JSON, in the given order.
    package static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// A D-Bus value as JSON: numbers and booleans as themselves, strings, object paths and
    /// signatures as strings, arrays and structures as arrays, dictionaries as arrays of
    /// `[key, value]` pairs (a key need not be a string), a variant as `{"type", "value"}`.
    /// A double that JSON cannot hold (NaN, infinity) is written as a string.
    package static func value(_ value: DBusValue) -> String {
        switch value {
        case .byte(let number): String(number)
        case .boolean(let flag): flag ? "true" : "false"
        case .int16(let number): String(number)
        case .uint16(let number): String(number)
        case .int32(let number): String(number)
        case .uint32(let number): String(number)
        case .int64(let number): String(number)
        case .uint64(let number): String(number)
        case .double(let number): number.isFinite ? "\(number)" : string("\(number)")
        case .string(let text): string(text)
        case .objectPath(let path): string(path.rawValue)
        case .signature(let signature): string("\(signature)")
        case .array(_, let items): array(items.map(Self.value))
        case .dictionary(_, _, let entries): array(entries.map { array([Self.value($0.key), Self.value($0.value)]) })
        case .structure(let fields): array(fields.map(Self.value))
        case .variant(let inner): typed(inner)
        }
    }

    /// `{"type": SIGNATURE, "value": VALUE}`: a value with its D-Bus type, as a hint's.
    package static func typed(_ value: DBusValue) -> String {
        object([("type", string("\(value.signature)")), ("value", Self.value(value))])
    }
}

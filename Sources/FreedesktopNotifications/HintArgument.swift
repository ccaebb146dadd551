import DBus

/// One hint written as notify-send's `-h TYPE:NAME:VALUE`.
///
/// Types: `boolean`, `int`, `double`, `string`, `byte` and `variant` (case-insensitive), as in
/// notify-send, and every value notify-send accepts means what it means there: a number followed
/// by other text (`int:value:45%`) is that number, a `boolean` other than `true` or a number is
/// false. Unlike notify-send, negative `int` and `double` values are accepted. `variant` takes
/// GVariant text for basic values, arrays and variants (see ``GVariantText``).
public struct HintArgument: Hashable, Sendable {
    /// The hint's name, such as `urgency` or `x-dunst-stack-tag`.
    public var key: String
    /// The hint's typed value.
    public var value: DBusValue

    /// A hint named `key` with the typed `value`.
    public init(key: String, value: DBusValue) {
        self.key = key
        self.value = value
    }

    /// The longest part of an argument an error message quotes, in characters.
    static let quotedPrefix = 40

    /// `text`, cut after ``quotedPrefix`` characters (then `…`), for error messages.
    static func shortened(_ text: String) -> String {
        text.count > quotedPrefix ? String(text.prefix(quotedPrefix)) + "…" : text
    }

    /// The types `-h` accepts, for help and error messages.
    public static let typeNames = "boolean, int, double, string, byte and variant"

    /// Parses `TYPE:NAME:VALUE`; the value may itself contain `:`. With `hexadecimalBytes`, a
    /// `byte` value written `0x…` is hexadecimal, as notify-send 0.8.9 reads it; without, it is
    /// read as 0.8.1 reads it (the digits before the `x`: 0).
    ///
    /// - Throws: ``HintArgumentError`` with a message that says how to write it.
    public init(parsing text: String, hexadecimalBytes: Bool = true) throws {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else {
            throw HintArgumentError("Invalid hint syntax specified. Use TYPE:NAME:VALUE.")
        }
        let (type, key, raw) = (parts[0], parts[1], parts[2])
        guard !key.isEmpty else {
            throw HintArgumentError("Hint \"\(Self.shortened(text))\" has no NAME. Use TYPE:NAME:VALUE.")
        }
        func bad(_ why: String = "") -> HintArgumentError {
            HintArgumentError(
                "Value \"\(Self.shortened(raw))\" of hint \"\(Self.shortened(key))\" could not be parsed as "
                    + "type \"\(Self.shortened(type))\"" + (why.isEmpty ? "." : ": \(why)."))
        }
        switch type.lowercased() {
        case "string":
            value = .string(raw)
        case "int":
            guard let number = Int32(raw.trimmingSpaces) ?? Self.leadingInteger(raw) else { throw bad() }
            value = .int32(number)
        case "double":
            guard let number = Double(raw.trimmingSpaces) ?? Self.leadingDouble(raw), number.isFinite else {
                throw bad()
            }
            value = .double(number)
        case "byte":
            guard let number = UInt8(raw.trimmingSpaces) ?? Self.leadingByte(raw, hexadecimal: hexadecimalBytes) else {
                throw bad()
            }
            value = .byte(number)
        case "boolean":
            switch raw.trimmingSpaces.lowercased() {
            case "true", "1": value = .boolean(true)
            default:
                // notify-send: a leading number other than 0 is true, anything else false.
                value = .boolean((Self.leadingUnsigned(raw.trimmingSpaces) ?? 0) != 0)
            }
        case "variant":
            do {
                value = try GVariantText.parse(raw)
            } catch let error as HintArgumentError where error == GVariantText.tooDeep {
                throw bad(error.description)
            } catch {
                throw bad()
            }
        default:
            throw HintArgumentError("Invalid hint type \"\(Self.shortened(type))\". Valid types are \(Self.typeNames).")
        }
        self.key = key
    }
}

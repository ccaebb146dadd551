import DBus

/// A parser for the GVariant text format used by notify-send's `-h variant:NAME:VALUE`.
///
/// Supported: `true`/`false`; integers (`42`, `-3`, `0x1f`: `int32`) and decimals (`double`);
/// strings in `'…'` or `"…"` with backslash escapes; type keywords (`byte 7`, `uint32 5`,
/// `int64 -1`, `double 2`, `objectpath '/a'`, …) and `@T` annotations for basic types; arrays
/// `[…]` (an empty one needs `@as []`-style annotation); variants `<…>`; dictionaries `{k: v, …}`.
/// Containers and type annotations nest at most ``maximumDepth`` deep; deeper text is an
/// error, not a stack overflow.
public enum GVariantText {
    /// The deepest nesting of containers (arrays, dictionaries, variants) the text may have:
    /// well within D-Bus's limits (32 arrays, 32 structures, 64 in all) once the value is
    /// wrapped in a hints dictionary.
    public static let maximumDepth = 32

    /// The error for text that nests deeper than ``maximumDepth``.
    public static let tooDeep = HintArgumentError(
        "invalid GVariant text: the value nests deeper than \(maximumDepth) levels")

    /// Parses one value.
    public static func parse(_ text: String) throws -> DBusValue {
        var parser = Parser(Array(text.unicodeScalars))
        let value = try parser.value()
        parser.skipSpaces()
        guard parser.atEnd else { throw parser.error("unexpected text after the value") }
        return value
    }

    private struct Parser {
        var scalars: [Unicode.Scalar]
        var index = 0
        /// How many containers enclose the value being read.
        var depth = 0
        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index >= scalars.count }
        var current: Unicode.Scalar? { atEnd ? nil : scalars[index] }

        func error(_ text: String) -> HintArgumentError { HintArgumentError("invalid GVariant text: \(text)") }

        /// Reads a container's contents one level deeper; past ``maximumDepth`` it is an error.
        mutating func nested<T>(_ body: (inout Self) throws -> T) throws -> T {
            guard depth < maximumDepth else { throw tooDeep }
            depth += 1
            defer { depth -= 1 }
            return try body(&self)
        }

        /// How deep `signature`'s containers nest.
        static func depth(of signature: DBusSignature) -> Int {
            switch signature {
            case .array(let element): 1 + depth(of: element)
            case .dictionary(let key, let value): 1 + max(depth(of: key), depth(of: value))
            case .structure(let fields): 1 + (fields.map { depth(of: $0) }.max() ?? 0)
            default: 0
            }
        }

        mutating func skipSpaces() {
            while let c = current, c.properties.isWhitespace { index += 1 }
        }

        mutating func word() -> String {
            var result = ""
            while let c = current,
                c.properties.isAlphabetic || c == "_" || (!result.isEmpty && c.properties.numericType != nil)
            {
                result.unicodeScalars.append(c)
                index += 1
            }
            return result
        }

        mutating func value(expected: DBusSignature? = nil) throws -> DBusValue {
            skipSpaces()
            guard let c = current else { throw error("a value is missing") }
            switch c {
            case "'", "\"": return try coerce(.string(string()), to: expected)
            case "<":
                index += 1
                let inner = try nested { try $0.value() }
                skipSpaces()
                guard current == ">" else { throw error("expected '>'") }
                index += 1
                return .variant(inner)
            case "[": return try nested { try $0.array(expected: expected) }
            case "{": return try nested { try $0.dictionary(expected: expected) }
            case "@":
                index += 1
                var signature = ""
                while let s = current, !s.properties.isWhitespace { signature.unicodeScalars.append(s); index += 1 }
                let type = try DBusSignature(parsing: signature)
                guard depth + Self.depth(of: type) <= maximumDepth else { throw tooDeep }
                return try nested { try $0.value(expected: type) }
            default:
                if c.properties.isAlphabetic {
                    let start = index
                    let name = word()
                    switch name {
                    case "true": return try coerce(.boolean(true), to: expected)
                    case "false": return try coerce(.boolean(false), to: expected)
                    default:
                        guard let type = Self.keywords[name] else {
                            index = start
                            throw error("unknown word '\(name.prefix(40))'")
                        }
                        return try nested { try $0.value(expected: type) }
                    }
                }
                return try number(expected: expected)
            }
        }

        static let keywords: [String: DBusSignature] = [
            "byte": .byte, "int16": .int16, "uint16": .uint16, "int32": .int32, "uint32": .uint32,
            "int64": .int64, "uint64": .uint64, "double": .double, "boolean": .boolean, "string": .string,
            "objectpath": .objectPath, "signature": .signature,
        ]

        mutating func string() throws -> String {
            guard let quote = current else { throw error("expected a string") }
            index += 1
            var result = ""
            while let c = current {
                index += 1
                if c == quote { return result }
                if c == "\\", let next = current {
                    index += 1
                    switch next {
                    case "n": result += "\n"
                    case "t": result += "\t"
                    case "r": result += "\r"
                    default: result.unicodeScalars.append(next)
                    }
                } else {
                    result.unicodeScalars.append(c)
                }
            }
            throw error("unterminated string")
        }

        mutating func number(expected: DBusSignature?) throws -> DBusValue {
            var text = ""
            while let c = current,
                c.properties.isAlphabetic || c.properties.numericType != nil || "+-.".unicodeScalars.contains(c)
            {
                text.unicodeScalars.append(c)
                index += 1
            }
            let isDecimal =
                text.contains(".") || (text.lowercased().contains("e") && !text.lowercased().hasPrefix("0x"))
            if isDecimal || expected == .double {
                guard let number = Double(text) else { throw error("'\(text.prefix(40))' is not a number") }
                return try coerce(.double(number), to: expected)
            }
            guard let number = Self.integer(text) else { throw error("'\(text.prefix(40))' is not a number") }
            return try coerce(.int64(number), to: expected ?? .int32)
        }

        static func integer(_ text: String) -> Int64? {
            var body = Substring(text)
            var negative = false
            if body.first == "-" || body.first == "+" {
                negative = body.first == "-"
                body = body.dropFirst()
            }
            let magnitude = body.lowercased().hasPrefix("0x") ? Int64(body.dropFirst(2), radix: 16) : Int64(body)
            return magnitude.map { negative ? -$0 : $0 }
        }

        mutating func array(expected: DBusSignature?) throws -> DBusValue {
            index += 1
            var element: DBusSignature?
            if case .array(let declared)? = expected { element = declared }
            var items: [DBusValue] = []
            skipSpaces()
            while current != "]" {
                let item = try value(expected: element)
                element = element ?? item.signature
                guard item.signature == element else { throw error("array elements differ in type") }
                items.append(item)
                skipSpaces()
                if current == "," {
                    index += 1; skipSpaces()
                } else if current != "]" {
                    throw error("expected ',' or ']'")
                }
            }
            index += 1
            guard let element else { throw error("an empty array needs a type, e.g. @as []") }
            return .array(element: element, items)
        }

        mutating func dictionary(expected: DBusSignature?) throws -> DBusValue {
            index += 1
            var keyType: DBusSignature?
            var valueType: DBusSignature?
            if case .dictionary(let k, let v)? = expected { (keyType, valueType) = (k, v) }
            var entries: [DBusDictionaryEntry] = []
            skipSpaces()
            while current != "}" {
                let key = try value(expected: keyType)
                skipSpaces()
                guard current == ":" else { throw error("expected ':' in a dictionary") }
                index += 1
                let item = try value(expected: valueType)
                keyType = keyType ?? key.signature
                valueType = valueType ?? item.signature
                guard key.signature == keyType, item.signature == valueType, key.signature.isBasic else {
                    throw error("dictionary entries differ in type")
                }
                entries.append(DBusDictionaryEntry(key: key, value: item))
                skipSpaces()
                if current == "," {
                    index += 1; skipSpaces()
                } else if current != "}" {
                    throw error("expected ',' or '}'")
                }
            }
            index += 1
            guard let keyType, let valueType else { throw error("an empty dictionary needs a type, e.g. @a{sv} {}") }
            return .dictionary(key: keyType, value: valueType, entries)
        }

        func coerce(_ value: DBusValue, to type: DBusSignature?) throws -> DBusValue {
            guard let type, type != value.signature else { return value }
            switch (value, type) {
            case (.int64(let n), .byte): if let v = UInt8(exactly: n) { return .byte(v) }
            case (.int64(let n), .int16): if let v = Int16(exactly: n) { return .int16(v) }
            case (.int64(let n), .uint16): if let v = UInt16(exactly: n) { return .uint16(v) }
            case (.int64(let n), .int32): if let v = Int32(exactly: n) { return .int32(v) }
            case (.int64(let n), .uint32): if let v = UInt32(exactly: n) { return .uint32(v) }
            case (.int64(let n), .uint64): if let v = UInt64(exactly: n) { return .uint64(v) }
            case (.int64(let n), .double): return .double(Double(n))
            // try?: a string that is no object path stays a string, and the type check that follows reports it
            case (.string(let s), .objectPath): if let p = try? ObjectPath(validating: s) { return .objectPath(p) }
            // try?: a string that is no signature stays a string, and the type check that follows reports it
            case (.string(let s), .signature): if let g = try? DBusSignature(parsing: s) { return .signature(g) }
            default: break
            }
            throw error("value does not fit type '\(type)'")
        }
    }
}

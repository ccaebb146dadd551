/// Parses D-Bus signature text into ``DBusSignature`` values, with libdbus's nesting limits:
/// at most 32 arrays and 32 structures or dictionary entries deep (libdbus aborts on more).
/// Checked while parsing, so that hostile text never recurses deeper than that.
struct DBusSignatureParser {
    /// The deepest nesting of arrays, and of structures and dictionary entries: D-Bus's limit.
    static let maximumDepth = DBusSignature.maximumNesting

    private let characters: [Character]
    private let text: String
    private var index = 0
    private var arrayDepth = 0
    private var structureDepth = 0

    init(_ text: String) {
        self.text = text
        characters = Array(text)
    }

    var isAtEnd: Bool { index >= characters.count }

    mutating func parseOne() throws -> DBusSignature {
        guard index < characters.count else { throw error("ends early") }
        let code = characters[index]
        index += 1
        if let basic = Self.basicTypes[code] { return basic }
        switch code {
        case "v":
            return .variant
        case "a":
            return try nested(\.arrayDepth, "arrays") { parser in
                if parser.index < parser.characters.count, parser.characters[parser.index] == "{" {
                    parser.index += 1
                    return try parser.nested(\.structureDepth, "structures and dictionary entries") { parser in
                        let key = try parser.parseOne()
                        guard key.isBasic else { throw parser.error("a dictionary key must be a basic type") }
                        let value = try parser.parseOne()
                        try parser.expect("}")
                        return .dictionary(key: key, value: value)
                    }
                }
                return .array(try parser.parseOne())
            }
        case "(":
            return try nested(\.structureDepth, "structures and dictionary entries") { parser in
                var fields: [DBusSignature] = []
                while parser.index < parser.characters.count, parser.characters[parser.index] != ")" {
                    fields.append(try parser.parseOne())
                }
                try parser.expect(")")
                guard !fields.isEmpty else { throw parser.error("a structure needs at least one field") }
                return .structure(fields)
            }
        default:
            throw error("'\(code)' is not a type code")
        }
    }

    /// ``parseOne()``, refusing a type beyond D-Bus's limits (a list's whole text included):
    /// libdbus would abort on it.
    mutating func parseWireType() throws -> DBusSignature {
        guard text.utf8.count <= DBusSignature.maximumLength else {
            throw error("it is longer than \(DBusSignature.maximumLength) bytes")
        }
        let type = try parseOne()
        if let problem = type.wireLimitProblem { throw error("it \(problem)") }
        return type
    }

    private static let basicTypes: [Character: DBusSignature] = [
        "y": .byte, "b": .boolean, "n": .int16, "q": .uint16, "i": .int32, "u": .uint32,
        "x": .int64, "t": .uint64, "d": .double, "s": .string, "o": .objectPath, "g": .signature,
        "h": .unixFileDescriptor,
    ]

    /// Parses one container one level deeper in `depth`; past ``maximumDepth`` it is an error.
    private mutating func nested(
        _ depth: WritableKeyPath<Self, Int>, _ kind: String, _ body: (inout Self) throws -> DBusSignature
    ) throws -> DBusSignature {
        self[keyPath: depth] += 1
        defer { self[keyPath: depth] -= 1 }
        guard self[keyPath: depth] <= Self.maximumDepth else {
            throw error("\(kind) nest deeper than \(Self.maximumDepth) levels")
        }
        return try body(&self)
    }

    private mutating func expect(_ character: Character) throws {
        guard index < characters.count, characters[index] == character else {
            throw error("expected '\(character)'")
        }
        index += 1
    }

    private func error(_ problem: String) -> DBusError {
        let shown = text.count > 80 ? text.prefix(80) + "…" : Substring(text)
        return DBusError(.invalidArgument, "invalid D-Bus signature \"\(shown)\": \(problem) at position \(index)")
    }
}

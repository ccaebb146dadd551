/// D-Bus's limits on a type: libdbus aborts when asked to write a type beyond them, and a
/// receiver rejects a message that holds one.
extension DBusSignature {
    /// The most arrays, and the most structures (dictionary entries included), one type may nest.
    static let maximumNesting = 32
    /// The longest signature text, in bytes.
    static let maximumLength = 255

    /// What puts this type beyond D-Bus's limits, or `nil` when it is within them.
    var wireLimitProblem: String? {
        if arrayNesting > Self.maximumNesting {
            return "nests \(arrayNesting) arrays (D-Bus allows \(Self.maximumNesting))"
        }
        if structureNesting > Self.maximumNesting {
            return "nests \(structureNesting) structures or dictionary entries (D-Bus allows \(Self.maximumNesting))"
        }
        let length = textLength
        if length > Self.maximumLength { return "is \(length) bytes long (D-Bus allows \(Self.maximumLength))" }
        return nil
    }

    /// The length of ``description`` in bytes, without building it (every message checks it).
    var textLength: Int {
        switch self {
        case .array(let element): 1 + element.textLength
        case .dictionary(let key, let value): 3 + key.textLength + value.textLength
        case .structure(let fields): 2 + fields.reduce(0) { $0 + $1.textLength }
        default: 1
        }
    }

    private var arrayNesting: Int {
        switch self {
        case .array(let element): 1 + element.arrayNesting
        case .dictionary(let key, let value): 1 + max(key.arrayNesting, value.arrayNesting)
        case .structure(let fields): fields.map(\.arrayNesting).max() ?? 0
        default: 0
        }
    }

    private var structureNesting: Int {
        switch self {
        case .array(let element): element.structureNesting
        case .dictionary(let key, let value): 1 + max(key.structureNesting, value.structureNesting)
        case .structure(let fields): 1 + (fields.map(\.structureNesting).max() ?? 0)
        default: 0
        }
    }
}

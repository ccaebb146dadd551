/// Reads the quoted strings of a `Localizable.strings` file, skipping whitespace and comments.
struct StringsScanner {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Skips blanks and comments, then consumes `symbol` if it comes next.
    mutating func skip(_ symbol: Unicode.Scalar) -> Bool {
        skipBlanks()
        guard index < scalars.count, scalars[index] == symbol else { return false }
        index += 1
        return true
    }

    /// The next quoted string (escapes decoded), skipping anything before it; nil at the end.
    mutating func nextQuoted() -> String? {
        while true {
            skipBlanks()
            guard index < scalars.count else { return nil }
            if scalars[index] == "\"" { break }
            index += 1
        }
        index += 1
        var text = ""
        while index < scalars.count, scalars[index] != "\"" {
            var scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count {
                index += 1
                switch scalars[index] {
                case "n": scalar = "\n"
                case "t": scalar = "\t"
                case "r": scalar = "\r"
                default: scalar = scalars[index]
                }
            }
            text.unicodeScalars.append(scalar)
            index += 1
        }
        index += 1
        return text
    }

    private mutating func skipBlanks() {
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index += 2
                while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                index = min(index + 2, scalars.count)
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else {
                return
            }
        }
    }
}

/// The logical lines of a QSettings INI file (``QSettingsIniDocument``): white space before a line
/// is skipped; a line ends at a newline outside quotes or at an unquoted `;` (whose rest is a
/// comment); a backslash carries the next byte (a newline too) into the line; a line that starts
/// with `;` is a comment, skipped whole.
struct QSettingsIniLines {
    /// One line: its bytes, and where its first `=` outside quotes is (an index into `bytes`).
    struct Line {
        let text: ArraySlice<UInt8>
        let equals: Int?
    }

    private let bytes: [UInt8]
    private var position: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    mutating func next() -> Line? {
        let count = bytes.count
        var start = position
        while start < count, Self.isSpace(bytes[start]) { start += 1 }
        var index = start
        var quoted = false
        var equals: Int?
        scan: while index < count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "="):
                if !quoted, equals == nil { equals = index - 1 }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if index == start + 1 {
                    start += 1
                } else if !quoted {
                    index -= 1
                    break scan
                }
            case UInt8(ascii: "\\"):
                guard index < count else { break }
                let escaped = bytes[index]
                index += 1
                // A backslash before "\r\n" or "\n\r" carries both.
                if index < count, Self.isPair(escaped, bytes[index]) { index += 1 }
            case UInt8(ascii: "\""):
                quoted.toggle()
            case UInt8(ascii: ";"):
                if index == start + 1 {
                    while index < count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
                        index += 1
                    }
                    while index < count, Self.isSpace(bytes[index]) { index += 1 }
                    start = index
                } else if !quoted {
                    index -= 1
                    break scan
                }
            default:
                continue
            }
        }
        position = index
        guard index > start else { return nil }
        return Line(text: bytes[start..<index], equals: equals)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isPair(_ first: UInt8, _ second: UInt8) -> Bool {
        (first == 0x0A && second == 0x0D) || (first == 0x0D && second == 0x0A)
    }
}

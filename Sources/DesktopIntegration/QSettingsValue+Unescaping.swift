extension QSettingsValue {
    /// The value written as `bytes` after a key's `=` (UTF-8), read as Qt reads it: spaces and
    /// tabs before it skipped and after it dropped unless quoted; `"…"` quotes (spaces, commas and
    /// `;` kept); the C escapes (`\n`, `\t`, `\"`, `\\`, `\x41`, `\101`, …; a backslash before any
    /// other byte drops it); an unquoted comma makes a list. Then Qt's `@` forms (``item(_:)``).
    static func unescaped(_ bytes: ArraySlice<UInt8>) -> QSettingsValue {
        var reader = QSettingsValueReader(bytes)
        let items = reader.read()
        return items.count == 1 && !reader.isList ? item(items[0]) : .list(items)
    }
}

/// The state of reading one value (``QSettingsValue/unescaped(_:)``).
private struct QSettingsValueReader {
    private let bytes: ArraySlice<UInt8>
    private var index: Int
    private var item: [Unicode.Scalar] = []
    private var done: [String] = []
    /// Whether an unquoted comma was read.
    private(set) var isList = false

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    private static let escapes: [UInt8: Unicode.Scalar] = [
        UInt8(ascii: "a"): "\u{07}", UInt8(ascii: "b"): "\u{08}", UInt8(ascii: "f"): "\u{0C}",
        UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t", UInt8(ascii: "v"): "\u{0B}",
        UInt8(ascii: "\""): "\"", UInt8(ascii: "?"): "?", UInt8(ascii: "'"): "'", UInt8(ascii: "\\"): "\\",
    ]

    /// The items of the value: one unless it is a list (``isList``).
    mutating func read() -> [String] {
        var inQuotes = false
        var quoted = false
        skipSpaces()
        var keep = item.count  // what the trailing spaces cut never reaches: quoted or escaped text
        while index < bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.endIndex else { return finish() }
                escape()
                keep = item.count
            case UInt8(ascii: "\""):
                index += 1
                quoted = true
                inQuotes.toggle()
                if !inQuotes {
                    skipSpaces()
                    keep = item.count
                }
            case UInt8(ascii: ",") where !inQuotes:
                if !quoted { dropTrailingSpaces(keeping: keep) }
                isList = true
                done.append(String(String.UnicodeScalarView(item)))
                item = []
                quoted = false
                index += 1
                skipSpaces()
                keep = 0
            default:
                var end = index + 1
                while end < bytes.endIndex,
                    ![UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: ",")].contains(bytes[end])
                {
                    end += 1
                }
                item += String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars
                index = end
            }
        }
        if !quoted { dropTrailingSpaces(keeping: keep) }
        return finish()
    }

    private mutating func finish() -> [String] {
        done + [String(String.UnicodeScalarView(item))]
    }

    /// One escape, `index` just after its backslash.
    private mutating func escape() {
        let byte = bytes[index]
        index += 1
        if let scalar = Self.escapes[byte] {
            item.append(scalar)
        } else if byte == UInt8(ascii: "x") {
            guard index < bytes.endIndex, Self.digit(bytes[index], radix: 16) != nil else { return }
            item.append(number(radix: 16, startingWith: 0))
        } else if let octal = Self.digit(byte, radix: 8) {
            item.append(number(radix: 8, startingWith: octal))
        } else if byte == 0x0A || byte == 0x0D {
            // A line joined to the next: "\r\n" and "\n\r" are one break.
            if index < bytes.endIndex, bytes[index] == 0x0A || bytes[index] == 0x0D, bytes[index] != byte {
                index += 1
            }
        }
    }

    /// The character of the digits from `index` on (16 bits, as Qt keeps them).
    private mutating func number(radix: UInt16, startingWith first: UInt16) -> Unicode.Scalar {
        var value = first
        while index < bytes.endIndex, let digit = Self.digit(bytes[index], radix: radix) {
            value = value &* radix &+ digit
            index += 1
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    private static func digit(_ byte: UInt8, radix: UInt16) -> UInt16? {
        guard let value = UInt16(String(Unicode.Scalar(byte)), radix: Int(radix)) else { return nil }
        return value
    }

    private mutating func skipSpaces() {
        while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }

    private mutating func dropTrailingSpaces(keeping count: Int) {
        while item.count > count, item.last == " " || item.last == "\t" { item.removeLast() }
    }
}

/// A KConfig INI file (`plasmanotifyrc`, `kdeglobals`, …) as KDE Frameworks 5's
/// `KConfigIniBackend::parseConfig` reads it, keeping every byte: lines are split at `\n` and
/// trimmed, `#` starts a comment, `[A][B]` is the group `B` inside `A` (with `[$i]` at its end,
/// locked), `key[locale][$options]=value` an entry, with `\s \t \n \r \\ \xNN` escapes.
///
/// Bytes that are not UTF-8 are read as KConfig reads them (a name or key made of them matches
/// no app's; a value's bytes are its own) and kept as they are when the file is written.
///
/// Stricter than KConfig in one way: what KConfig warns about and skips (a group header
/// without `]`, an entry without `=`, an empty key, a second locale) and NUL bytes make the
/// whole file unreadable here: a file we do not understand is not taken for settings, and is
/// never rewritten.
package struct KConfigDocument: Sendable {
    /// The file's bytes, as read.
    package let bytes: [UInt8]
    /// Its lines, in order.
    package let lines: [KConfigLine]
    /// The indices of each group's lines (its headers and entries), in order.
    package let sections: [[String]: [Int]]
    /// The index of the first `[$i]` line, which locks every group after it.
    package let fileLock: Int?

    /// Parses `bytes`.
    ///
    /// - Throws: `KConfigSyntaxError` for what KConfig would skip with a warning, and for a NUL
    ///   byte (binary data, not text).
    package init(bytes: [UInt8]) throws(KConfigSyntaxError) {
        if let nul = bytes.firstIndex(of: 0) {
            throw KConfigSyntaxError(line: 0, "binary data, not text (a NUL byte at offset \(nul))")
        }
        var lines: [KConfigLine] = []
        var sections: [[String]: [Int]] = [:]
        var fileLock: Int?
        var group: [String]?
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let kind = try Self.parse(bytes, Self.trimmed(bytes, start..<end), number: lines.count + 1)
            switch kind {
            case .group(let path, _): group = path
            case .fileImmutable: fileLock = fileLock ?? lines.count
            case .entry, .blank: break
            }
            if let group, kind != .blank { sections[group, default: []].append(lines.count) }
            lines.append(KConfigLine(range: start..<end, kind: kind))
            start = end + 1
        }
        self.bytes = bytes
        self.lines = lines
        self.sections = sections
        self.fileLock = fileLock
    }

    private static func parse(_ bytes: [UInt8], _ line: Range<Int>, number: Int) throws(KConfigSyntaxError)
        -> KConfigLine.Kind
    {
        guard let first = line.first.map({ bytes[$0] }), first != UInt8(ascii: "#") else { return .blank }
        if first == UInt8(ascii: "[") { return try header(bytes, line, number: number) }
        return .entry(try entry(bytes, line, number: number))
    }

    /// A group header, as KConfig splits it: `]` ends a name, `[` right after starts the next,
    /// anything else after the last `]` is ignored; `$i` as the last name locks the group.
    private static func header(_ bytes: [UInt8], _ line: Range<Int>, number: Int) throws(KConfigSyntaxError)
        -> KConfigLine.Kind
    {
        var path: [String] = []
        var locked = false
        var lockedFile = false
        var start = line.lowerBound + 1
        var end: Int
        repeat {
            guard let close = bytes[start..<line.upperBound].firstIndex(of: UInt8(ascii: "]")) else {
                throw KConfigSyntaxError(line: number, "a group header without its closing ']'")
            }
            end = close
            let name = bytes[start..<end]
            if end + 1 == line.upperBound, name.elementsEqual("$i".utf8) {
                if path.isEmpty { lockedFile = true } else { locked = true }
            } else {
                path.append(String(decoding: KConfigEscaping.unescape(name), as: UTF8.self))
            }
            start = end + 2
        } while start <= line.upperBound && bytes[end + 1] == UInt8(ascii: "[")
        if lockedFile && path.isEmpty { return .fileImmutable }
        return .group(path: path, isImmutable: locked || lockedFile)
    }

    /// An entry: the key (trimmed) before the first `=`, its `[locale]` and `[$options]` from
    /// the end, the value (trimmed) after.
    private static func entry(_ bytes: [UInt8], _ line: Range<Int>, number: Int) throws(KConfigSyntaxError)
        -> KConfigEntry
    {
        let equals = bytes[line].firstIndex(of: UInt8(ascii: "="))
        var key = trimmed(bytes, line.lowerBound..<(equals ?? line.upperBound))
        let value = equals.map { trimmed(bytes, ($0 + 1)..<line.upperBound) } ?? line.upperBound..<line.upperBound
        guard !key.isEmpty else { throw KConfigSyntaxError(line: number, "an entry with an empty key") }
        var entry = KConfigEntry(key: "", locale: nil, isImmutable: false, isDeleted: false, value: [])
        while let open = bytes[key].lastIndex(of: UInt8(ascii: "[")) {
            guard let close = bytes[open..<key.upperBound].firstIndex(of: UInt8(ascii: "]")) else {
                throw KConfigSyntaxError(line: number, "an entry whose key has a '[' without ']'")
            }
            if close > open + 1, bytes[open + 1] == UInt8(ascii: "$") {
                let options = bytes[(open + 2)..<close]
                entry.isImmutable = entry.isImmutable || options.contains(UInt8(ascii: "i"))
                if options.contains(UInt8(ascii: "d")) {
                    entry.isDeleted = true
                    entry.key = String(decoding: KConfigEscaping.unescape(bytes[key.lowerBound..<open]), as: UTF8.self)
                    return entry
                }
            } else {
                guard entry.locale == nil else {
                    throw KConfigSyntaxError(line: number, "an entry with two locales")
                }
                entry.locale = String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
            }
            key = key.lowerBound..<open
        }
        guard equals != nil else { throw KConfigSyntaxError(line: number, "an entry without '='") }
        entry.key = String(decoding: KConfigEscaping.unescape(bytes[key]), as: UTF8.self)
        entry.value = KConfigEscaping.unescape(bytes[value])
        return entry
    }

    /// `range` without the whitespace `QByteArray::trimmed` removes at either end.
    static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0d).contains(byte)
    }
}

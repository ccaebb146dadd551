/// The keys of a file in QSettings' INI format (`QSettings::IniFormat`, as LXQt's
/// `~/.config/lxqt/*.conf` are written), read the way Qt reads them: logical lines (a quoted value
/// may span lines, a backslash joins the next), `;` comments (a line that starts with one, and the
/// rest of a line from an unquoted one), `[General]` (in any case) for the keys outside any group,
/// `%`-escaped names, the last of a key written twice. A line Qt cannot read is skipped, as Qt
/// skips it. `#` starts no comment.
package struct QSettingsIniDocument: Sendable {
    /// Each key by its full name (`doNotDisturb`, `Group/key`), case-sensitive as on Linux.
    private var values: [String: QSettingsValue] = [:]

    /// The keys of the file's bytes `bytes` (UTF-8; a byte order mark is skipped).
    package init(_ bytes: [UInt8]) {
        var lines = QSettingsIniLines(bytes)
        var group = ""
        while let line = lines.next() {
            if line.text.first == UInt8(ascii: "[") {
                group = Self.groupPrefix(of: line.text)
                continue
            }
            guard let equals = line.equals else { continue }  // a comment, or no `key=value`
            let name = Self.trimmed(line.text[..<equals])
            values[group + QSettingsIniKey.unescaped(name)] = QSettingsValue.unescaped(
                line.text[(equals + 1)...])
        }
    }

    /// The value of the key `name` (`doNotDisturb` for one in `[General]`), nil when the file has
    /// none.
    package func value(of name: String) -> QSettingsValue? { values[name] }

    /// The prefix of the keys after the group line `line` (`[Name]`): none for `[General]`,
    /// `General/` for `[%General]`, else the unescaped name and a slash.
    private static func groupPrefix(of line: ArraySlice<UInt8>) -> String {
        let close = line.firstIndex(of: UInt8(ascii: "]")) ?? line.endIndex
        let name = trimmed(line[(line.startIndex + 1)..<close])
        let spelled = String(decoding: name, as: UTF8.self)
        if spelled.lowercased() == "general" { return "" }
        if spelled.lowercased() == "%general" { return String(spelled.dropFirst()) + "/" }
        return QSettingsIniKey.unescaped(name) + "/"
    }

    /// `bytes` without the white space (space, tab, newlines, vertical tab, form feed) at either end.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return bytes[first...last]
    }
}

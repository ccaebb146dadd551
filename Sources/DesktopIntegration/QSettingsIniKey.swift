/// The names of QSettings' INI format: a key or group name as written (`%XX` and `%UXXXX` for the
/// characters Qt escapes, `\` for the slash between groups) made the name Qt looks up.
enum QSettingsIniKey {
    /// The name that the escaped `bytes` (UTF-8) stand for; an escape that is not one is kept as
    /// written.
    static func unescaped(_ bytes: ArraySlice<UInt8>) -> String {
        let characters = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var name = String.UnicodeScalarView()
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\" {
                name.append("/")
                index += 1
                continue
            }
            guard character == "%", index + 1 < characters.count else {
                name.append(character)
                index += 1
                continue
            }
            let digits = characters[index + 1] == "U" ? 4 : 2
            let first = index + 1 + (digits == 4 ? 1 : 0)
            guard first + digits <= characters.count,
                let code = UInt16(String(String.UnicodeScalarView(characters[first..<(first + digits)])), radix: 16)
            else {
                name.append("%")
                index += 1
                continue
            }
            name.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            index = first + digits
        }
        return String(name)
    }
}

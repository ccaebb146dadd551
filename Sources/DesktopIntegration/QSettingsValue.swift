/// One value of a file QSettings writes in its INI format (what LXQt's settings are), as Qt reads
/// it back (``QSettingsIniDocument``): the text after `=`, unescaped, and made a string, a list
/// (an unquoted comma), or one of Qt's `@` forms.
package enum QSettingsValue: Sendable, Hashable {
    /// Plain text: `true`, `"a; b"`, `@@at` (an escaped `@`).
    case string(String)
    /// Text with an unquoted comma, one string per item: `a, b`.
    case list([String])
    /// `@ByteArray(…)`: bytes, the text between the parentheses.
    case bytes(String)
    /// `@Invalid()`: a value that is none (how Qt writes an empty list).
    case invalid
    /// `@Rect(…)`, `@Size(…)`, `@Point(…)`, `@DateTime(…)`: a type that is never a boolean.
    case other(String)
    /// `@Variant(…)`: a value Qt streams in binary (`QDataStream`), which unotify does not decode.
    case streamed(String)

    /// The value as `QVariant::toBool()` reads it, as LXQt reads its switches
    /// (`value(key, false).toBool()`): text and bytes are true unless empty, `0` or `false` in any
    /// case (so `no` and `off` are true, as in LXQt); a list, an invalid value and Qt's other
    /// types are false. Nil for a streamed `@Variant`, whose meaning unotify cannot tell.
    package var qtBoolean: Bool? {
        switch self {
        case .string(let text), .bytes(let text): !(text.isEmpty || text == "0" || text.lowercased() == "false")
        case .list, .invalid, .other: false
        case .streamed: nil
        }
    }

    /// The value that the unescaped text `text` of one item stands for (Qt's `@` forms; an
    /// `@` that starts none of them is kept as text).
    static func item(_ text: String) -> QSettingsValue {
        guard text.hasPrefix("@") else { return .string(text) }
        if text.hasPrefix("@@") { return .string(String(text.dropFirst())) }
        guard text.hasSuffix(")") else { return .string(text) }
        if text == "@Invalid()" { return .invalid }
        if text.hasPrefix("@ByteArray(") { return .bytes(String(text.dropFirst(11).dropLast())) }
        if text.hasPrefix("@Variant(") { return .streamed(text) }
        for form in ["@Rect(", "@Size(", "@Point(", "@DateTime("] where text.hasPrefix(form) { return .other(text) }
        return .string(text)
    }
}

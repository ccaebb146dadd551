import Foundation

/// One message as `dbus-monitor` printed it: the header line's fields and the top-level
/// arguments, each as the text of its lines (a container's lines included).
public struct MonitoredMessage: Sendable, Equatable {
    /// `method call`, `method return`, `signal` or `error`.
    public let kind: String
    public let fields: [String: String]
    public let arguments: [[String]]

    public var member: String? { fields["member"] }
    public var sender: String? { fields["sender"] }
    public var destination: String? { fields["destination"] }
    public var serial: String? { fields["serial"] }
    public var replySerial: String? { fields["reply_serial"] }

    /// The scalar value of argument `index`: `"x"` for `string "x"`, `7` for `uint32 7`.
    public func scalar(_ index: Int) -> String? {
        guard index < arguments.count, let line = arguments[index].first else { return nil }
        guard line.trimmingPrefixSpaces.hasPrefix("string \"") else { return Self.value(of: line) }
        return Self.value(of: arguments[index].joined(separator: "\n"))  // with its later lines, if any
    }

    /// The strings of an `array [ string "…" … ]` argument (one level, as for `as`).
    public func strings(_ index: Int) -> [String] {
        guard index < arguments.count else { return [] }
        return arguments[index].dropFirst().compactMap { line in
            line.trimmingPrefixSpaces.hasPrefix("string ") ? Self.value(of: line) : nil
        }
    }

    /// The keys of an `a{sv}` argument.
    public func dictionaryKeys(_ index: Int) -> [String] {
        guard index < arguments.count else { return [] }
        let lines = arguments[index]
        return lines.indices.compactMap { at in
            lines[at].trimmingPrefixSpaces.hasPrefix("dict entry(") && at + 1 < lines.count
                ? Self.value(of: lines[at + 1]) : nil
        }
    }

    /// The entries of an `a{sv}` argument whose values are scalars, each as ``scalar(_:)``
    /// gives it (`byte 1` → `1`, `string "x"` → `x`); a container's value is its first line's
    /// last word.
    public func dictionary(_ index: Int) -> [String: String] {
        guard index < arguments.count else { return [:] }
        let lines = arguments[index]
        var entries: [String: String] = [:]
        for at in lines.indices where lines[at].trimmingPrefixSpaces.hasPrefix("dict entry(") && at + 2 < lines.count {
            if let key = Self.value(of: lines[at + 1]), let value = Self.value(of: lines[at + 2]) {
                entries[key] = value
            }
        }
        return entries
    }

    /// Splits `dbus-monitor`'s default output into messages. A header line starts at column 0
    /// with the message's kind; argument lines are indented, a top-level argument by exactly
    /// three spaces. dbus-monitor prints a string's newlines as they are: a string's later lines
    /// belong to it while it has not ended, and so does any line at column 0 that is no header
    /// (a string whose first or a middle line ended with a quote only looked ended), with the
    /// empty lines before it.
    public static func parse(_ text: String) -> [MonitoredMessage] {
        var messages: [MonitoredMessage] = []
        var header: String?
        var arguments: [[String]] = []
        func finish() {
            guard let header else { return }
            messages.append(MonitoredMessage(header: header, arguments: arguments))
        }
        var inString = false  // inside a string argument that has newlines
        var emptyLines = 0  // empty lines not yet known to be a string's
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if inString {
                arguments[arguments.count - 1].append(line)
                inString = !line.hasSuffix("\"")
                continue
            }
            if line.isEmpty {
                emptyLines += 1
                continue
            }
            defer { emptyLines = 0 }
            if !line.hasPrefix(" "), !isHeader(line), !arguments.isEmpty {
                arguments[arguments.count - 1] += Array(repeating: "", count: emptyLines) + [line]
                inString = !line.hasSuffix("\"")
                continue
            }
            if !line.hasPrefix(" ") {
                finish()
                header = line
                arguments = []
            } else if line.hasPrefix("   "), !line.hasPrefix("    "), !line.trimmingPrefixSpaces.hasPrefix("]"),
                !line.trimmingPrefixSpaces.hasPrefix(")")
            {
                arguments.append([line])
            } else if !arguments.isEmpty {
                arguments[arguments.count - 1].append(line)
            }
            inString = !arguments.isEmpty && line.hasPrefix(" ") && opensString(line)
        }
        finish()
        return messages
    }

    /// The kinds of message, as a header line starts.
    static let kinds = ["method call", "method return", "signal", "error"]

    /// A header line: a kind, then the fields, starting with `time=`.
    static func isHeader(_ line: String) -> Bool {
        kinds.contains { line.hasPrefix($0 + " time=") }
    }

    init(header: String, arguments: [[String]]) {
        kind = Self.kinds.first { header.hasPrefix($0 + " ") } ?? ""
        var fields: [String: String] = [:]
        // A broadcast signal's "destination=(null destination)": it has none.
        let words = header.replacingOccurrences(of: ";", with: "")
            .replacingOccurrences(of: "destination=(null destination)", with: "")
        for word in words.split(separator: " ") {
            let pair = word.split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { fields[pair[0]] = pair[1] }
        }
        // "sender=:1.7 -> destination=…": the arrow is its own word, so both parse as fields.
        self.fields = fields
        self.arguments = arguments
    }

    /// A `string "…` line whose closing quote is on a later line.
    static func opensString(_ line: String) -> Bool {
        guard let start = line.range(of: "string \"") else { return false }
        return !line[start.upperBound...].hasSuffix("\"")
    }

    /// `string "a b"` → `a b`; `uint32 7` → `7`; `variant             boolean true` → `true`.
    static func value(of line: String) -> String? {
        let text = line.trimmingPrefixSpaces
        if let quote = text.firstIndex(of: "\""), text.hasSuffix("\""), text.index(after: quote) < text.endIndex {
            return String(text[text.index(after: quote)..<text.index(before: text.endIndex)])
        }
        return text.split(separator: " ").last.map(String.init)
    }
}

extension String {
    var trimmingPrefixSpaces: String { String(drop { $0 == " " }) }
}

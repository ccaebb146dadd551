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
        guard Self.opensString(line) else { return Self.value(of: line) }
        return Self.value(of: arguments[index].joined(separator: "\n"))  // a string with newlines
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

    /// Splits `dbus-monitor`'s default output into messages. A header line starts at column 0;
    /// argument lines are indented, a top-level argument by exactly three spaces.
    public static func parse(_ text: String) -> [MonitoredMessage] {
        var messages: [MonitoredMessage] = []
        var header: String?
        var arguments: [[String]] = []
        func finish() {
            guard let header else { return }
            messages.append(MonitoredMessage(header: header, arguments: arguments))
        }
        var inString = false  // inside a string argument that has newlines
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if inString {
                arguments[arguments.count - 1].append(line)
                inString = !line.hasSuffix("\"")
                continue
            }
            if line.isEmpty { continue }
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

    init(header: String, arguments: [[String]]) {
        let kinds = ["method call", "method return", "signal", "error"]
        kind = kinds.first { header.hasPrefix($0 + " ") } ?? ""
        var fields: [String: String] = [:]
        for word in header.replacingOccurrences(of: ";", with: "").split(separator: " ") {
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

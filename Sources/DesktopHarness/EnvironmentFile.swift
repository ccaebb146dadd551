/// The variables a started desktop exports, in two forms: `env` (shell exports, for
/// `. STATE/env`; written last and whole, so its presence means "ready") and `env.plain`
/// (`KEY=VALUE` lines, unquoted, an empty value meaning "unset", for programs).
struct EnvironmentFile: Sendable {
    /// Variables whose empty value means "unset it" in the shell form.
    static let unsetWhenEmpty: Set<String> = ["DISPLAY", "PULSE_SERVER", "WAYLAND_DISPLAY", "SWAYSOCK"]

    var variables: [(String, String)]
    var comments: [String] = []

    var shellText: String {
        var lines = comments.map { "# " + $0 }
        for (key, value) in variables {
            if value.isEmpty && Self.unsetWhenEmpty.contains(key) {
                lines.append("unset \(key)")
            } else {
                lines.append("export \(key)=" + Self.shellQuoted(value))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    var plainText: String { variables.map { "\($0.0)=\($0.1)\n" }.joined() }

    /// Parses `env.plain`.
    static func parsePlain(_ text: String) -> [String: String] {
        var variables: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            variables[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return variables
    }

    static func shellQuoted(_ value: String) -> String {
        "'" + value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}

import Foundation
import TestSupport

/// The `unotify` commands of the README's shell blocks, as their words (without `unotify` and
/// without the trailing comment), in order.
enum ReadmeCommands {
    static func load() throws -> [[String]] {
        let text = try String(contentsOf: PackageRoot.url.appendingPathComponent("README.md"), encoding: .utf8)
        var inShell = false
        var commands: [[String]] = []
        // A command continued on the next line (a trailing backslash), so far.
        var continued: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = line == "```sh"
                continued = nil
                continue
            }
            guard inShell else { continue }
            var command = String(line)
            if let head = continued {
                command = head + " " + command.trimmingCharacters(in: .whitespaces)
            } else if !command.hasPrefix("unotify ") {
                continue
            }
            if command.hasSuffix("\\") {
                continued = String(command.dropLast())
                continue
            }
            continued = nil
            commands.append(Array(try words(of: command).dropFirst()))
        }
        return commands
    }

    /// A shell line's words: double quotes group, an unquoted `#` after a blank starts a comment.
    static func words(of line: String) throws -> [String] {
        var words: [String] = []
        var word: String?
        var quoted = false
        for character in line {
            switch character {
            case "\"": quoted.toggle(); word = word ?? ""
            case " " where !quoted:
                if let finished = word { words.append(finished) }
                word = nil
            case "#" where !quoted && word == nil: return words
            default: word = (word ?? "") + String(character)
            }
        }
        if quoted { throw TestSupportError("an unclosed quote in the README's line: \(line)") }
        if let finished = word { words.append(finished) }
        return words
    }
}

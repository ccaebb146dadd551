import Foundation
import Synchronization

/// A log of one JSON object a line, appended to a file, written as Python's
/// `json.dumps(entry, sort_keys=True)` writes it (`{"a": 1, "b": "x"}`: keys sorted, `", "` and
/// `": "` between them, non-ASCII as `\uXXXX`), so that a test can look for `"member": "Register"`.
/// Without a file it writes nothing. Safe to share between tasks: each line is written whole.
public final class JSONLinesLog: Sendable {
    /// One value of an entry: a string, a number, nothing (`null`) or an object of strings.
    public enum Value: Sendable, Equatable {
        /// A JSON string.
        case string(String)
        /// A JSON number.
        case int(Int)
        /// `null`.
        case null
        /// A JSON object whose values are strings.
        case object([String: String])
    }

    private let file: Mutex<FileHandle?>

    /// A log appending to `url` (created when missing), or writing nothing when `url` is nil.
    public init(_ url: URL?) throws {
        guard let url else {
            file = Mutex(nil)
            return
        }
        // Opened for appending (O_APPEND), as Python's "a": lines from other writers are kept.
        let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw TestSupportError("cannot open the log \(url.path): \(String(cString: strerror(errno)))")
        }
        file = Mutex(FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
    }

    /// Appends `entry` as one line.
    public func write(_ entry: [String: Value]) {
        let line = Data((Self.encode(entry) + "\n").utf8)
        file.withLock { handle in
            // try?: a test's log that cannot be written loses a line of diagnostics, never a verdict
            try? handle?.write(contentsOf: line)
        }
    }

    /// `entry` as Python's `json.dumps(entry, sort_keys=True)` writes it.
    public static func encode(_ entry: [String: Value]) -> String {
        let fields = entry.sorted { $0.key < $1.key }.map { key, value in
            let text: String
            switch value {
            case .string(let string): text = quoted(string)
            case .int(let number): text = String(number)
            case .null: text = "null"
            case .object(let object):
                text =
                    "{"
                    + object.sorted { $0.key < $1.key }.map { "\(quoted($0.key)): \(quoted($0.value))" }
                    .joined(separator: ", ") + "}"
            }
            return "\(quoted(key)): \(text)"
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// `text` as a JSON string with Python's escapes (ASCII only).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x08: result += "\\b"
            case 0x0C: result += "\\f"
            case 0x20..<0x7F: result.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default: result += String(format: "\\u%04x", unit)
            }
        }
        return result + "\""
    }
}

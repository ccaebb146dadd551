import NotificationAgentClient

/// The rules an app identifier must follow to name an app in the settings store (it becomes a
/// JSON key, a D-Bus string argument and part of popups' text).
package enum AppIdentifier {
    /// The longest identifier accepted, in UTF-8 bytes.
    package static let maximumLength = 255

    /// Throws `StoreError.Reason.invalidAppIdentifier` unless `identifier` follows
    /// `problem(with:)`'s rules.
    package static func validate(_ identifier: String) throws(StoreError) {
        if let problem = problem(with: identifier) {
            throw StoreError(.invalidAppIdentifier(identifier, problem: problem), path: nil)
        }
    }

    /// What is wrong with `identifier`, or `nil` when it is valid: 1 to 255 UTF-8 bytes, not
    /// `.` or `..` (it names a directory under the state directory's `apps/`), without `/`,
    /// and without a character a prompt would show invisibly or that reorders the text around
    /// it (so that "org.example.\u{202E}liaM" could pass for another app): control, format
    /// (zero-width, bidirectional controls, the byte-order mark), separator, private-use and
    /// unassigned characters, invisible fillers, and any space but U+0020.
    package static func problem(with identifier: String) -> String? {
        if identifier.isEmpty { return "it is empty" }
        if identifier.utf8.count > maximumLength {
            return "it is \(identifier.utf8.count) bytes long, more than \(maximumLength)"
        }
        if identifier == "." || identifier == ".." {
            return "'\(identifier)' names a directory, not an app; use a reverse-DNS name such as org.example.App"
        }
        for scalar in identifier.unicodeScalars {
            if scalar == "/" { return "it contains '/'" }
            if scalar.value == 0 { return "it contains NUL" }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                return "it contains the control character U+\(hex(scalar.value))"
            }
            if AgentError.isInvisible(scalar) || (scalar.properties.isWhitespace && scalar != " ") {
                return "it contains the invisible or text-reordering character U+\(hex(scalar.value)); "
                    + "use letters, digits, '.', '-' and '_'"
            }
        }
        return nil
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

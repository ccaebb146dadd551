/// How the agent quotes what a client sent it in an error message: a short, escaped prefix, so
/// that a huge or hostile string is neither echoed whole nor shown with raw control characters.
enum AgentText {
    /// The longest prefix of a client's string that an error message quotes, in characters.
    static let quotedLimit = 64

    /// `text` as a Swift-style quoted string, escaped, cut to `quotedLimit` characters with "…"
    /// and its full length in bytes when longer.
    static func quoted(_ text: String) -> String {
        guard text.count > quotedLimit else { return text.debugDescription }
        return String(text.prefix(quotedLimit)).debugDescription + "… (\(text.utf8.count) bytes)"
    }
}

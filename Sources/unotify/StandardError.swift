import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

/// Diagnostics go to stderr, one line at a time, with control and invisible characters written
/// as `\u{…}` (an argument echoed in a message never reaches the terminal raw).
enum StandardError {
    static func write(_ line: String) {
        guard !line.isEmpty else { return }
        let text = AgentError.visible(line, limit: .max)
        FileDescriptorText.write(text.hasSuffix("\n") ? text : text + "\n", to: 2)
    }
}

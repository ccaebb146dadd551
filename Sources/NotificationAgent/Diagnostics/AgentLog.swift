import Foundation

/// The agent's diagnostics: one line on standard error (the user's journal, when systemd or
/// the bus started the agent), `unotifyd: AREA: MESSAGE`. For a failure that loses something
/// the user did or asked for, and that no caller is left to hear.
enum AgentLog {
    static func write(_ area: String, _ message: String) {
        FileHandle.standardError.write(Data("unotifyd: \(area): \(message)\n".utf8))
    }
}

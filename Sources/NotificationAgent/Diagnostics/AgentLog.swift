import Foundation

/// The agent's diagnostics: one line, `unotifyd: AREA: MESSAGE`, on standard error (the user's
/// journal, when systemd or the bus started the agent). For a failure that loses something the
/// user did or asked for, and that no caller is left to hear. A test gives the agent a log of
/// its own to read what was said.
package struct AgentLog: Sendable {
    /// Where each line goes, without its newline.
    let sink: @Sendable (String) -> Void

    /// A log whose lines go to `sink`.
    package init(_ sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
    }

    /// Lines on standard error.
    package static let standardError = AgentLog { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }

    /// `unotifyd: AREA: MESSAGE`.
    func write(_ area: String, _ message: String) {
        sink("unotifyd: \(area): \(message)")
    }

    /// `unotifyd: MESSAGE`, for a message that names its own subject (an app, a file).
    func write(_ message: String) {
        sink("unotifyd: \(message)")
    }
}

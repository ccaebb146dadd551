import Foundation

@testable import NotificationAgent

extension AgentLog {
    /// A log whose lines go to `sink`, and which keeps `owner` (a test's state directory, or the
    /// disk it is on) for as long as the agent given this log lives. The directory is then
    /// removed once the agent is gone, after its last write: a write of the agent's own (the
    /// delivered list after a close, the schedule after a fire) may still run when the test that
    /// made it has ended, and would make a directory removed before it anew.
    static func keeping(_ owner: any Sendable, _ sink: @escaping @Sendable (String) -> Void) -> AgentLog {
        AgentLog { line in
            withExtendedLifetime(owner) { sink(line) }
        }
    }

    /// Lines on standard error, keeping `owner` (see ``keeping(_:_:)``).
    static func standardError(keeping owner: any Sendable) -> AgentLog {
        keeping(owner) { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    }
}

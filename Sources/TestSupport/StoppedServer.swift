import DBus
import Foundation

/// A test desktop's notification server held still (`SIGSTOP`) while a case sends to it, then
/// let go (`SIGCONT`): what was sent queues on its socket and the server reads it back to back.
/// For a verdict that depends on the server seeing several calls within a window of its own
/// (Plasma refuses an identical notification within a second), whatever the machine's load.
public enum StoppedServer {
    /// Runs `body` with the process that owns `org.freedesktop.Notifications` on `desktop`'s bus
    /// stopped, and continues it afterwards, whether `body` returns or throws.
    public static func holding<Value: Sendable>(
        _ desktop: TestDesktop, _ body: @Sendable () async throws -> Value
    ) async throws -> Value {
        let bus = try DBusConnection(address: desktop.busAddress)
        let pid = pid_t(try await bus.processID(of: "org.freedesktop.Notifications"))
        guard kill(pid, SIGSTOP) == 0 else {
            throw TestSupportError("the notification server (pid \(pid)) could not be stopped: errno \(errno)")
        }
        do {
            let value = try await body()
            kill(pid, SIGCONT)
            return value
        } catch {
            kill(pid, SIGCONT)
            throw error
        }
    }
}

import DBus
import Foundation

/// Reports each wake from suspend: logind's `PrepareForSleep(false)` on the system bus.
///
/// No system bus, or no logind on it, means no events and no error: the machine then has no
/// suspend that anyone announces.
enum SleepResumeWatch {
    /// Subscribes on the bus at `address`; `nil` when there is no such bus. The stream yields
    /// once per wake and ends when the bus goes away.
    static func wakes(address: String) async -> AsyncThrowingStream<DBusMessage, any Error>? {
        // A connection that fails leaves Dispatch's worker-pool monitor running, a timer that
        // wakes the process every second for good (measured): no socket, no attempt.
        // try?: no system bus (a container, a test) means no sleep signals: time changes are still seen by the clock watch
        guard socketMayExist(address), let connection = try? DBusConnection(address: address) else { return nil }
        // try?: as above: without the match there are no sleep signals, and the clock watch remains
        return try? await connection.signals(
            matching: MatchRule(
                path: "/org/freedesktop/login1", interface: "org.freedesktop.login1.Manager", member: "PrepareForSleep")
        )
    }

    /// Whether the bus at `address` may be there: `false` for a `unix:path=` address whose socket
    /// does not exist; `true` for any other address (only trying tells).
    static func socketMayExist(_ address: String) -> Bool {
        guard address.hasPrefix("unix:path=") else { return true }
        let path = String(address.dropFirst("unix:path=".count).prefix { $0 != "," })
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
    }

    /// Whether `message` announces the end of a sleep (its argument is `false`).
    static func isWake(_ message: DBusMessage) -> Bool {
        guard case .boolean(let sleeping)? = message.body.first else { return false }
        return !sleeping
    }
}

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
        guard let connection = try? DBusConnection(address: address) else { return nil }
        return try? await connection.signals(matching: MatchRule(
            path: "/org/freedesktop/login1", interface: "org.freedesktop.login1.Manager", member: "PrepareForSleep"))
    }

    /// Whether `message` announces the end of a sleep (its argument is `false`).
    static func isWake(_ message: DBusMessage) -> Bool {
        guard case .boolean(let sleeping)? = message.body.first else { return false }
        return !sleeping
    }
}

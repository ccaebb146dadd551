import Foundation
import Synchronization

extension TestDesktop {
    /// Sets MATE's do-not-disturb (`org.mate.NotificationDaemon do-not-disturb`) with the real
    /// `gsettings`, as mate-notification-daemon's applet does, in the keyfile test-desktop up
    /// gives the server and exports, and returns once the server follows it, with how long that
    /// took. mate-notification-daemon 1.26 reads the key at each `Notify` (GSettings' keyfile
    /// backend reloads the file when it changes), and tells nothing of it on the bus, so its
    /// answers show when it has:
    /// - on: a probe drawn before the change is replaced until the answer is a new id: out of
    ///   do-not-disturb a replacement keeps its id; in it every `Notify` gets a new one and
    ///   nothing is drawn. The probe is then closed.
    /// - off: probes (never expiring) are sent until one is drawn; they are then closed, so
    ///   that what is left on screen is what the test sends.
    @discardableResult
    public func mateSetDoNotDisturb(_ on: Bool, timeout: Duration = TestPatience.event) async throws -> Duration {
        let first: UInt32? = on ? try await notifyDirectly(app: "org.example.Probe", summary: "Probe before") : nil
        let changed = ContinuousClock.now
        try await output("gsettings", ["set", "org.mate.NotificationDaemon", "do-not-disturb", on ? "true" : "false"])
        let followed = Mutex(Duration.zero)
        let sent = Mutex(first.map { [$0] } ?? [])
        try await Eventually.wait(timeout: timeout, "mate-notification-daemon following do-not-disturb=\(on)") {
            if let first {
                let probe = try await self.notifyDirectly(
                    app: "org.example.Probe", summary: "Probe replaced", replacing: first)
                guard probe != first else { return false }
            } else {
                let probe = try await self.notifyDirectly(app: "org.example.Probe", summary: "Probe after")
                sent.withLock { $0.append(probe) }
                guard try await !self.popups().isEmpty else { return false }
            }
            followed.withLock { $0 = ContinuousClock.now - changed }
            return true
        }
        for probe in sent.withLock({ $0 }) { try await closeDirectly(probe) }
        return followed.withLock { $0 }
    }

    /// `CloseNotification(id)`, sent with gdbus (not through unotify).
    public func closeDirectly(_ id: UInt32) async throws {
        try await output(
            "gdbus",
            [
                "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.CloseNotification",
                String(id),
            ])
    }
}

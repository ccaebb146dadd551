import DBus
import Foundation
import FreedesktopNotifications

extension MatrixSession {
    /// Makes a desktop that an earlier case gave back (``DesktopPool``) what a fresh one would be
    /// to the next case, or throws (bounded):
    /// - its server still runs, the one test-desktop up started;
    /// - the agent the earlier case started is stopped (SIGTERM, SIGKILL after 5 s), so the next
    ///   case's `unotify` starts its own, with its own state directory;
    /// - every notification the earlier case showed is closed (`CloseNotification`; the ids
    ///   from the case's bus monitor, read once the agent is gone, so none sent as the case
    ///   ended is missed), and what
    ///   the server keeps of closed ones is cleared where a count reads it (swaync's control
    ///   center), and GNOME's own notification settings, which GNOME Shell's cases write, are
    ///   reset (``resetGnomeNotificationSettings(on:)``);
    /// - no notification is left on screen (``shownCount()``), and with PulseAudio no sound
    ///   plays, so nothing of the earlier case reaches the next one's screen or recordings.
    ///
    /// Returns the highest id closed: every id up to it is closed.
    static func clean(_ returned: DesktopPool.Returned, server: MatrixServer, pulse: Bool) async throws -> UInt32 {
        let desktop = returned.desktop
        var top: UInt32 = 0
        let connection = try DBusConnection(address: desktop.busAddress)
        do {
            // mate-notification-daemon quits after 30 s without a notification (measured): a
            // desktop whose server is gone, or not the one test-desktop up started, is no desktop.
            var owner: UInt32?
            if try await connection.nameOwner(of: NotificationsService.busName) != nil {
                owner = try await connection.processID(of: NotificationsService.busName)
            }
            guard let owner, String(owner) == desktop.variables["DESKTOP_SERVER_PID"] else {
                throw TestSupportError("its server quit, or is not the one test-desktop up started")
            }
            try await stopAgent(on: connection)
            // The agent is gone, so every Notify it made is on the monitor: wait (bounded) for
            // the server's answers, which carry the ids.
            let monitor = returned.monitor
            // try?: bounded wait for ids; those still missing are closed by the sweep below
            try? await Eventually.wait(timeout: .seconds(5), "the server's answer to every Notify") {
                monitor.notifyCalls.allSatisfy { $0.returnedID != nil }
            }
            // A Notify sent without waiting for the answer (`unotify send` without --app, as
            // notify-send) gets none, so its id is unknown; servers number their notifications
            // one by one, so it is one of the next ids: every id since the last cleaning is closed.
            let calls = monitor.notifyCalls
            let answered = calls.compactMap(\.returnedID)
            top = max(answered.max() ?? 0, returned.closedThrough) + UInt32(calls.count - answered.count)
            let notifications = NotificationsClient(connection: connection, timeout: .seconds(5))
            for id in Set(answered).union(returned.closedThrough < top ? Array(returned.closedThrough + 1...top) : []) {
                // One the server already closed is an error to some servers: that is the aim.
                // try?: cleaning up between cases: a notification already gone needs no close
                try? await notifications.closeNotification(ServerNotificationID(rawValue: id))
            }
            await connection.close()
        } catch {
            await connection.close()
            throw error
        }
        switch server.family {
        case "swaync": try await desktop.output("swaync-client", ["--close-all"])
        case "gnome-shell": try await resetGnomeNotificationSettings(on: desktop)
        default: break
        }
        do {
            try await Eventually.wait(
                timeout: .seconds(10), "no notification left on a shared \(server.name) desktop (closed through \(top))"
            ) {
                try await shownCount(on: desktop, server: server) == 0
            }
        } catch {
            guard server.hand == .shell else { throw error }
            // try?: only for the message of the error thrown next
            let left = try? await desktop.shellEval(
                "JSON.stringify(Main.notificationDaemon._fdoNotificationDaemon._sources.map(s => s.notifications.map(n => [n.title, n.resident, n.isTransient])))"
            )
            throw TestSupportError("\(error); left: \(left ?? "?")")
        }
        if pulse {
            try await Eventually.wait(timeout: .seconds(10), "no sound playing on a shared \(server.name) desktop") {
                try await desktop.output("pactl", ["list", "short", "sink-inputs"])
                    .trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            }
        }
        return top
    }

    /// Stops the agent that owns its name on `connection`'s bus, if one does.
    private static func stopAgent(on connection: DBusConnection) async throws {
        let name: BusName = "org.unotify.Agent"
        guard try await connection.nameOwner(of: name) != nil else { return }
        let pid = pid_t(try await connection.processID(of: name))
        kill(pid, SIGTERM)
        do {
            try await Eventually.wait(timeout: .seconds(5), "the agent leaves the bus") {
                try await connection.nameOwner(of: name) == nil
            }
        } catch {
            kill(pid, SIGKILL)
            try await Eventually.wait(timeout: .seconds(5), "the killed agent leaves the bus") {
                try await connection.nameOwner(of: name) == nil
            }
        }
    }
}

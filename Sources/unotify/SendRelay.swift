import FreedesktopNotifications
import NotificationAgentClient

#if canImport(Glibc)
    import Glibc
#endif

/// A plain `unotify send` for an app, shown through the agent on the servers that close an
/// app's notifications when their sender leaves (GNOME Shell 46 and later:
/// ``ServerProfile/closesAppNotificationsWhenSenderLeaves``). There a notification whose
/// `desktop-entry` hint or app name names an installed `.desktop` file joins that app's source,
/// which the shell destroys when the connection that created it leaves the bus: notify-send's
/// and a direct send's are gone as soon as the command exits. The agent's connection stays.
enum SendRelay {
    /// The most summary and body bytes relayed; a longer send is posted directly (the agent's
    /// `Relay` takes at most 1 MiB of arguments).
    static let maximumTextBytes = 262_144

    /// Whether `request` names an installed app as GNOME Shell resolves one: its `desktop-entry`
    /// hint, or else its app name, is the name of a `.desktop` file in an `applications` folder of
    /// the XDG data directories. A few `access` calls, no round trip.
    static func namesInstalledApp(_ request: NotifyRequest) -> Bool {
        let names = [request.hints.desktopEntry, request.appName].compactMap { $0 }.filter {
            !$0.isEmpty && !$0.contains("/") && $0 != "." && $0 != ".."
        }
        guard !names.isEmpty else { return false }
        return dataDirectories().contains { directory in
            names.contains { access("\(directory)/applications/\($0).desktop", R_OK) == 0 }
        }
    }

    /// Shows `request` through the agent when the server needs it; the id, or nil when nothing
    /// was sent (the caller posts it itself). When the agent cannot be reached the notification
    /// is not lost: the caller posts it, and a warning says it will close when the command exits.
    static func relayIfNeeded(_ request: NotifyRequest, on client: NotificationsClient) async throws
        -> ServerNotificationID?
    {
        guard namesInstalledApp(request),
            request.summary.utf8.count + request.body.utf8.count <= maximumTextBytes,
            try await client.profile().closesAppNotificationsWhenSenderLeaves
        else { return nil }
        do {
            let agent = try await AgentClient()
            return ServerNotificationID(rawValue: try await agent.relay(request))
        } catch let error as AgentError {
            StandardError.write(
                "unotify: warning: the agent is out of reach (\(error.message)); this server closes an app's "
                    + "notifications when their sender exits, so this one closes when unotify does")
            return nil
        }
    }

    /// `XDG_DATA_HOME` (or `~/.local/share`), then `XDG_DATA_DIRS` (or `/usr/local/share:/usr/share`).
    private static func dataDirectories() -> [String] {
        var directories: [String] = []
        if let home = environment("XDG_DATA_HOME") {
            directories.append(home)
        } else if let home = environment("HOME") {
            directories.append(home + "/.local/share")
        }
        let system = environment("XDG_DATA_DIRS") ?? "/usr/local/share:/usr/share"
        directories += system.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return directories
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}

import FreedesktopNotifications

extension ServerCommand {
    /// The `--explain` line that says whether do-not-disturb is on and where it was read:
    /// "do not disturb: on (dunst: paused)", or "unavailable" and why.
    static func doNotDisturbLine(_ client: NotificationsClient, _ profile: ServerProfile) async -> String {
        guard let doNotDisturb = DoNotDisturbSwitch.of(profile) else {
            return
                "do not disturb: unavailable (\(profile.information?.name ?? "the server") keeps no switch unotify can read)"
        }
        do {
            return "do not disturb: \(try await client.isInhibited() ? "on" : "off") (\(doNotDisturb.origin))"
        } catch {
            return "do not disturb: unavailable (\(doNotDisturb.origin) could not be read: \(error))"
        }
    }
}

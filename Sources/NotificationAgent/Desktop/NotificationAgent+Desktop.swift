import DesktopIntegration
import FreedesktopNotifications
import NotificationAgentClient

extension NotificationAgent {
    /// `GetDesktop`: the do-not-disturb the agent follows (``DoNotDisturbSelection``, as before a
    /// delivery), where it was read or why it cannot be, and where the apps' settings live.
    func desktopRecord() async -> DesktopRecord {
        let place = authorizations.desktop?.place ?? ""
        let profile: ServerProfile
        do {
            profile = try await server.profile()
        } catch {
            return DesktopRecord(
                doNotDisturb: "unavailable", doNotDisturbOrigin: "the notification server cannot be asked: \(error)",
                settingsPlace: place)
        }
        guard let source = DoNotDisturbSelection.source(for: profile, server: server, desktop: authorizations.desktop)
        else {
            return DesktopRecord(
                doNotDisturb: "unavailable", doNotDisturbOrigin: DoNotDisturbSwitch.absence(in: profile),
                settingsPlace: place)
        }
        do {
            return DesktopRecord(
                doNotDisturb: try await source.read() ? "on" : "off", doNotDisturbOrigin: source.origin,
                settingsPlace: place)
        } catch {
            return DesktopRecord(
                doNotDisturb: "unavailable", doNotDisturbOrigin: "\(source.origin) could not be read: \(error)",
                settingsPlace: place)
        }
    }
}

import DesktopIntegration
import FreedesktopNotifications
import NotificationAgentClient

extension ServerCommand {
    /// The `--explain` line that says whether do-not-disturb is on and where it was read:
    /// "do not disturb: on (dunst: paused)", or "unavailable" and why. A switch the server keeps,
    /// or a settings file keeps (LXQt's), is read here; one kept in GSettings (GNOME's,
    /// Cinnamon's, MATE's) is asked of the agent (`GetDesktop`), which links GIO, so that the CLI need not.
    static func doNotDisturbLine(_ client: NotificationsClient, _ profile: ServerProfile) async -> String {
        if let file = profile.doNotDisturbInFile {
            do {
                return "do not disturb: \(try file.read() ? "on" : "off") (\(file.origin))"
            } catch {
                return "do not disturb: unavailable (\(file.origin) could not be read: \(error))"
            }
        }
        guard let doNotDisturb = DoNotDisturbSwitch.of(profile) else {
            guard profile.doNotDisturbInGSettings != nil else {
                return "do not disturb: unavailable (\(DoNotDisturbSwitch.absence(in: profile)))"
            }
            do {
                let desktop = try await AgentClient().desktop()
                return "do not disturb: \(desktop.doNotDisturb) (\(desktop.doNotDisturbOrigin))"
            } catch {
                return "do not disturb: unavailable (\(DoNotDisturbSwitch.absence(in: profile)); "
                    + "unotifyd could not be asked: \(error))"
            }
        }
        do {
            return "do not disturb: \(try await client.isDoNotDisturbOn() ? "on" : "off") (\(doNotDisturb.origin))"
        } catch {
            return "do not disturb: unavailable (\(doNotDisturb.origin) could not be read: \(error))"
        }
    }
}

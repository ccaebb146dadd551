import DesktopIntegration
import FreedesktopNotifications

/// Do-not-disturb as the notification server keeps it (KDE's `Inhibited`, dunst's `paused`,
/// mako's mode, xfce4-notifyd's xfconf property, swaync's `GetDnd` and `IsInhibited`, Budgie's `GetDoNotDisturb`,
/// awesome's `naughty.is_suspended()`), read on the server's bus (``DoNotDisturbSwitch/read(at:)``)
/// before each delivery.
package struct ServerDoNotDisturbSource: DoNotDisturbSource {
    /// The switch the server keeps.
    let doNotDisturbSwitch: DoNotDisturbSwitch
    /// Where the server is on the bus; nil for a server on none (then the switch cannot be read).
    let endpoint: ServerEndpoint?

    package var origin: String { doNotDisturbSwitch.origin }

    package func read() async throws -> Bool {
        guard let endpoint else {
            throw NotificationServerError(.noServer, "the notification server is on no bus: \(origin) cannot be read")
        }
        return try await doNotDisturbSwitch.read(at: endpoint)
    }
}

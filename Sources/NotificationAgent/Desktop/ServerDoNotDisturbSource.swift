import DesktopIntegration
import FreedesktopNotifications

/// Do-not-disturb as the notification server keeps it (KDE's `Inhibited`, dunst's `paused`,
/// mako's mode, xfce4-notifyd's xfconf property, swaync's `GetDnd` and `IsInhibited`, Budgie's `GetDoNotDisturb`,
/// awesome's `naughty.is_suspended()`), read on the server's bus (``DoNotDisturbSwitch/read(from:)``)
/// before each delivery.
package struct ServerDoNotDisturbSource: DoNotDisturbSource {
    /// The switch the server keeps.
    let doNotDisturbSwitch: DoNotDisturbSwitch
    /// The server whose bus it is read on.
    let server: any NotificationServer

    package var origin: String { doNotDisturbSwitch.origin }

    package func read() async throws -> Bool { try await doNotDisturbSwitch.read(from: server) }
}

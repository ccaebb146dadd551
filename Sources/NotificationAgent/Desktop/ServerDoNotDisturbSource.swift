import FreedesktopNotifications

/// Do-not-disturb as the notification server keeps it (KDE's `Inhibited`, dunst's `paused`,
/// mako's mode, xfce4-notifyd's xfconf property, swaync's `GetDnd` and `IsInhibited`, Budgie's `GetDoNotDisturb`,
/// awesome's `naughty.is_suspended()`), read through the server (`NotificationServer.isInhibited()`)
/// before each delivery.
package struct ServerDoNotDisturbSource: DoNotDisturbSource {
    /// The server whose switch is read.
    let server: any NotificationServer
    package let origin: String

    package func read() async throws -> Bool { try await server.isInhibited() }
}

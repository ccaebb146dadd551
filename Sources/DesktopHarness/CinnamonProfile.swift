import DBus
import Foundation

/// What every Cinnamon of the test desktops shares (5.6 on the host, 6.6 in the sid chroot):
/// GSettings through the keyfile backend in the state directory (the stock 4 s banner,
/// `remove-old` off as shipped, no animations), exported so that `gsettings` in a test reads
/// and changes the running desktop's settings, and the wait until its notification service is
/// up. Cinnamon owns org.freedesktop.Notifications before its JavaScript side exports the
/// object, so it counts as ready once `GetServerInformation` answers and the message tray and
/// notification daemon exist, as `org.Cinnamon.Eval` sees them.
enum CinnamonProfile {
    /// Writes the keyfile into the state directory's `config`.
    static func writeSettings(_ launch: DesktopLaunch) throws {
        try FileManager.default.createDirectory(
            atPath: launch.path("config/glib-2.0/settings"), withIntermediateDirectories: true)
        try launch.write(
            """
            [org/cinnamon/desktop/notifications]
            notification-duration=4
            display-notifications=true
            remove-old=false
            [org/cinnamon/desktop/interface]
            enable-animations=false
            [org/cinnamon]
            startup-animation=false

            """, to: "config/glib-2.0/settings/keyfile")
    }

    /// Waits until the `cinnamon` process `pid` serves notifications, then exports its settings.
    static func waitUntilReady(_ launch: DesktopLaunch, process pid: pid_t) async throws {
        try await launch.waitUntil(
            "cinnamon's notification service (see \(launch.path("server.log")))", process: pid,
            timeout: max(launch.timeout, .seconds(60))
        ) {
            guard await launch.notificationServerAnswers() else { return false }
            return await launch.evaluate(
                "Main.messageTray !== null && Main.notificationDaemon !== null", in: "org.Cinnamon",
                path: "/org/Cinnamon", interface: "org.Cinnamon") == "true"
        }
        launch.extraVariables += [("GSETTINGS_BACKEND", "keyfile"), ("XDG_CONFIG_HOME", launch.path("config"))]
    }
}

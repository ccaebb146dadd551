import DBus
import Foundation

/// Cinnamon 5.6 on the desktop's Xvfb: a single `cinnamon --replace` process holds muffin (the
/// window manager) and the JavaScript notification server, and owns
/// org.freedesktop.Notifications itself. Its banners are drawn on the stage, not as X windows:
/// the tests read a banner's buttons through `org.Cinnamon.Eval` (open to any caller) and click
/// them with xdotool.
///
/// Its settings live in a keyfile in the state directory (no animations, the stock 4 s banner,
/// `remove-old` off as shipped, so a notification's own expiry is ignored); the keyfile backend
/// and the config directory are exported, so `gsettings` in a test reads and changes the running
/// desktop's settings. A second private bus stands in for logind's system bus; without a private
/// PulseAudio, Cinnamon must not spawn one of its own. The name is owned before the JavaScript
/// side exports its object, so it counts as ready once `GetServerInformation` answers and the
/// message tray exists.
struct CinnamonServer: DesktopRecipe {
    var requirements: [(binary: String, package: String)] {
        [("cinnamon", "cinnamon"), ("gdbus", "libglib2.0-bin")]
    }

    func start(_ launch: DesktopLaunch) async throws {
        guard launch.wantsX else {
            throw HarnessError("cinnamon runs as an X11 compositor here: DESKTOP_X=0 is not supported")
        }
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
        let (_, systemBus) = try await PrivateBus.start("system-bus", in: launch)
        var variables = [
            "HOME=\(launch.state)", "XDG_RUNTIME_DIR=\(launch.path("xdg-runtime"))",
            "XDG_CONFIG_HOME=\(launch.path("config"))", "XDG_CACHE_HOME=\(launch.path("cache"))",
            "XDG_DATA_HOME=\(launch.path("data"))", "XDG_CURRENT_DESKTOP=X-Cinnamon", "XDG_SESSION_TYPE=x11",
            "DBUS_SYSTEM_BUS_ADDRESS=\(systemBus)", "GSETTINGS_BACKEND=keyfile", "NO_AT_BRIDGE=1", "GTK_A11Y=none",
            "LANG=C.UTF-8", "LC_ALL=C.UTF-8",
        ]
        if !launch.knobs.pulse {
            try launch.write("autospawn = no\n", to: "pulse-client.conf")
            variables.append("PULSE_CLIENTCONFIG=\(launch.path("pulse-client.conf"))")
        }
        launch.environment["WAYLAND_DISPLAY"] = nil
        let server = try launch.spawn(
            ["env"] + variables + ["cinnamon", "--replace"], name: "server", log: "server.log")
        launch.serverPID = server
        try await launch.waitUntil(
            "cinnamon's notification service (see \(launch.path("server.log")))", process: server,
            timeout: .seconds(max(60, launch.knobs.timeoutSeconds))
        ) {
            guard await launch.notificationServerAnswers() else { return false }
            return await launch.evaluate(
                "Main.messageTray !== null && Main.notificationDaemon !== null", in: "org.Cinnamon",
                path: "/org/Cinnamon", interface: "org.Cinnamon") == "true"
        }
        launch.extraVariables += [("GSETTINGS_BACKEND", "keyfile"), ("XDG_CONFIG_HOME", launch.path("config"))]
    }
}

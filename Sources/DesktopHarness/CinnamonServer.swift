import Foundation

/// Cinnamon 5.6 on the desktop's Xvfb: a single `cinnamon --replace` process holds muffin (the
/// window manager) and the JavaScript notification server, and owns
/// org.freedesktop.Notifications itself. Its banners are drawn on the stage, not as X windows:
/// the tests read a banner's buttons through `org.Cinnamon.Eval` (open to any caller) and click
/// them with xdotool.
///
/// Its settings and readiness are `CinnamonProfile`'s. A second private bus stands in for
/// logind's system bus; without a private PulseAudio, Cinnamon must not spawn one of its own.
struct CinnamonServer: DesktopRecipe {
    var requirements: [(binary: String, package: String)] {
        [("cinnamon", "cinnamon"), ("gdbus", "libglib2.0-bin")]
    }

    func start(_ launch: DesktopLaunch) async throws {
        guard launch.wantsX else {
            throw HarnessError("cinnamon runs as an X11 compositor here: DESKTOP_X=0 is not supported")
        }
        try CinnamonProfile.writeSettings(launch)
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
        try await CinnamonProfile.waitUntilReady(launch, process: server)
    }
}

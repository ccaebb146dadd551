import Foundation

/// Cinnamon 6.6 from the sid chroot: one `cinnamon --replace` on the desktop's Xvfb (muffin and
/// its JavaScript notification server in the same process, banners drawn on its stage, read
/// through org.Cinnamon.Eval and clicked with xdotool), on the desktop's bus.
///
/// Its settings use GSettings' keyfile backend, which the chroot's GLib and the host's read and
/// write alike, in the state directory's `config` (bound at the same path in the chroot): the
/// backend and that directory are exported, so `gsettings` on the host changes the running
/// desktop's settings. A second private bus stands in for the system bus, where it would ask
/// logind for a seat. Without a private PulseAudio it must not start one of its own.
struct CinnamonChrootServer: DesktopRecipe {
    var requirements: [(binary: String, package: String)] {
        [("debootstrap", "debootstrap"), ("gdbus", "libglib2.0-bin")]
    }

    func start(_ launch: DesktopLaunch) async throws {
        guard launch.wantsX else {
            throw HarnessError("cinnamon runs as an X11 compositor here: DESKTOP_X=0 is not supported")
        }
        try launch.prepareChroot("sid")
        let version = launch.chrootPackageVersion("cinnamon")
        guard version.hasPrefix("6.6.") else {
            throw HarnessError("the sid chroot has cinnamon '\(version)', not 6.6")
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
        let systemBus = try await PrivateBus.start("system-bus", in: launch)
        var environment =
            launch.chrootHomeVariables + [
                "XDG_CURRENT_DESKTOP=X-Cinnamon", "XDG_SESSION_TYPE=x11", "DISPLAY=\(launch.display)",
                "GDK_BACKEND=x11", "DBUS_SESSION_BUS_ADDRESS=\(launch.busAddress)",
                "DBUS_SYSTEM_BUS_ADDRESS=\(systemBus.address)", "GSETTINGS_BACKEND=keyfile", "NO_AT_BRIDGE=1",
                "GTK_A11Y=none",
            ] + DesktopLaunch.chrootLocaleAndPath
        if launch.knobs.pulse {
            environment.append("PULSE_SERVER=\(launch.pulseAddress)")
        } else {
            try launch.write("autospawn = no\n", to: "pulse-client.conf")
            environment.append("PULSE_CLIENTCONFIG=\(launch.path("pulse-client.conf"))")
        }
        launch.environment["WAYLAND_DISPLAY"] = nil
        let pid = try launch.spawnInChroot(
            ["env", "-i"] + environment + ["cinnamon", "--replace"], name: "server", log: "server.log")
        launch.serverPID = pid
        try await launch.waitUntil(
            "cinnamon's notification service (see \(launch.path("server.log")))", process: pid,
            timeout: max(launch.timeout, .seconds(60))
        ) {
            Self.answers(launch)
                && Self.eval("Main.messageTray !== null && Main.notificationDaemon !== null", in: launch)
                    == "(true, 'true')"
        }
        launch.extraVariables += [("GSETTINGS_BACKEND", "keyfile"), ("XDG_CONFIG_HOME", launch.path("config"))]
    }

    /// Whether the notification server answers GetServerInformation.
    private static func answers(_ launch: DesktopLaunch) -> Bool {
        launch.tool([
            "gdbus", "call", "--session", "--timeout", "2", "--dest", DesktopLaunch.notificationsName,
            "--object-path", "/org/freedesktop/Notifications", "--method",
            DesktopLaunch.notificationsName + ".GetServerInformation",
        ]).succeeded
    }

    /// Cinnamon's reply to `script` through org.Cinnamon.Eval, e.g. `(true, 'true')`.
    private static func eval(_ script: String, in launch: DesktopLaunch) -> String {
        launch.tool([
            "gdbus", "call", "--session", "--timeout", "2", "--dest", "org.Cinnamon", "--object-path",
            "/org/Cinnamon", "--method", "org.Cinnamon.Eval", script,
        ]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

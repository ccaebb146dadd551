import Foundation

/// Cinnamon 6.6 from the sid chroot: one `cinnamon --replace` on the desktop's Xvfb (muffin and
/// its JavaScript notification server in the same process, banners drawn on its stage, read
/// through org.Cinnamon.Eval and clicked with xdotool), on the desktop's bus.
///
/// Its settings and readiness are `CinnamonProfile`'s: the chroot's GLib and the host's read and
/// write the same keyfile, in the state directory's `config` (bound at the same path in the
/// chroot), so `gsettings` on the host changes the running desktop's settings. A second private
/// bus stands in for the system bus, where it would ask logind for a seat. Without a private
/// PulseAudio it must not start one of its own.
struct CinnamonChrootServer: DesktopRecipe {
    var requirements: [(binary: String, package: String)] {
        [("debootstrap", "debootstrap"), ("gdbus", "libglib2.0-bin")]
    }

    func start(_ launch: DesktopLaunch) async throws {
        guard launch.wantsX else {
            throw HarnessError("cinnamon runs as an X11 compositor here: DESKTOP_X=0 is not supported")
        }
        try launch.prepareChroot("sid", with: "cinnamon", at: "6.6")
        try CinnamonProfile.writeSettings(launch)
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
        try await CinnamonProfile.waitUntilReady(launch, process: pid)
    }
}

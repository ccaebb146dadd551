import Foundation

/// The real notification portal on the desktop, when `DESKTOP_PORTAL` names its backend
/// (`gtk`, `gnome`, `phosh`): `xdg-permission-store`, `xdg-desktop-portal-BACKEND` and
/// `xdg-desktop-portal`, started as a desktop session starts them, where the server runs (the
/// chroot of a newer Debian's server, so that GNOME Shell 48 gets trixie's portal 1.20 with its
/// own backend; the host otherwise). They run with the desktop's `XDG_RUNTIME_DIR` (a sandbox's
/// `.flatpak/INSTANCE/bwrapinfo.json` goes there, exported as `DESKTOP_PORTAL_RUNTIME_DIR`), data
/// of their own (the permission store keeps its answers under `portal-data/flatpak/db`), and a
/// `portals.conf` that prefers the backend asked for. The desktop's teardown stops them.
struct DesktopPortal {
    let backend: String

    /// The portal's processes, each with the name it must own once it has started.
    private var programs: [(program: String, name: String)] {
        [
            ("xdg-permission-store", "org.freedesktop.impl.portal.PermissionStore"),
            ("xdg-desktop-portal-\(backend)", "org.freedesktop.impl.portal.desktop.\(backend)"),
            ("xdg-desktop-portal", "org.freedesktop.portal.Desktop"),
        ]
    }

    /// Starts the three after the server and waits (bounded, each step) until each owns its name.
    func start(_ launch: DesktopLaunch) async throws {
        guard ["gtk", "gnome", "phosh"].contains(backend) else {
            throw HarnessError("DESKTOP_PORTAL=\(backend): the portal's backend is gtk, gnome or phosh")
        }
        if launch.chroot == nil {
            for (program, _) in programs { try launch.need("/usr/libexec/" + program, program) }
        }
        let configuration = launch.path("portal-config/xdg-desktop-portal")
        try FileManager.default.createDirectory(atPath: configuration, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: launch.path("portal-data"), withIntermediateDirectories: true)
        try launch.write("[preferred]\ndefault=\(backend)\n", to: "portal-config/xdg-desktop-portal/portals.conf")
        let runtime = launch.path("xdg-runtime")
        var variables = [
            "HOME=\(launch.state)", "XDG_RUNTIME_DIR=\(runtime)", "XDG_CONFIG_HOME=\(launch.path("portal-config"))",
            "XDG_DATA_HOME=\(launch.path("portal-data"))", "XDG_CACHE_HOME=\(launch.path("cache"))",
            "DBUS_SESSION_BUS_ADDRESS=\(launch.busAddress)",
            "XDG_CURRENT_DESKTOP=\(backend == "phosh" ? "Phosh:GNOME" : "GNOME")",
            "GSETTINGS_BACKEND=memory", "NO_AT_BRIDGE=1", "GTK_A11Y=none",
        ]
        if !launch.display.isEmpty { variables.append("DISPLAY=\(launch.display)") }
        // GNOME's backend serves only the settings portal unless the session says Wayland.
        if !launch.waylandSocket.isEmpty {
            variables += ["WAYLAND_DISPLAY=\(launch.waylandSocket)", "XDG_SESSION_TYPE=wayland"]
        } else {
            variables.append("XDG_SESSION_TYPE=x11")
        }
        variables += DesktopLaunch.chrootLocaleAndPath
        for (program, name) in programs {
            let command = ["env", "-i"] + variables + ["/usr/libexec/" + program, "--replace"]
            let log = "portal-\(program).log"
            let pid =
                launch.chroot == nil
                ? try launch.spawn(command, name: program, log: log)
                : try launch.spawnInChroot(command, name: program, log: log)
            try await launch.waitForOwner(name, process: pid, what: program)
        }
        launch.extraVariables += [("DESKTOP_PORTAL_RUNTIME_DIR", runtime), ("DESKTOP_PORTAL", backend)]
    }
}

import Foundation

/// Budgie 10.7's notification server alone: `budgie-daemon` owns org.freedesktop.Notifications
/// and draws each popup as a plain X window named "budgie-daemon", so it needs no window
/// manager and xdotool can click its buttons. Neither budgie-wm nor budgie-panel (Raven, the
/// history) runs.
///
/// Its settings live in a keyfile in the state directory (empty at first: the defaults), whose
/// backend and config directory are exported so `gsettings` in a test reaches the running
/// daemon's settings. A second private bus stands in for logind's system bus. It counts as
/// ready once it owns its own `org.budgie_desktop.Notifications` too.
struct BudgieServer: DesktopRecipe {
    var requirements: [(binary: String, package: String)] { [("budgie-daemon", "budgie-desktop")] }

    func start(_ launch: DesktopLaunch) async throws {
        guard launch.wantsX else {
            throw HarnessError("budgie-daemon draws X windows: DESKTOP_X=0 is not supported")
        }
        try FileManager.default.createDirectory(
            atPath: launch.path("config/glib-2.0/settings"), withIntermediateDirectories: true)
        try launch.write("", to: "config/glib-2.0/settings/keyfile")
        let (_, systemBus) = try await PrivateBus.start("system-bus", in: launch)
        launch.environment["WAYLAND_DISPLAY"] = nil
        let server = try launch.spawn(
            [
                "env", "HOME=\(launch.state)", "XDG_RUNTIME_DIR=\(launch.path("xdg-runtime"))",
                "XDG_CONFIG_HOME=\(launch.path("config"))", "XDG_CACHE_HOME=\(launch.path("cache"))",
                "XDG_DATA_HOME=\(launch.path("data"))", "DBUS_SYSTEM_BUS_ADDRESS=\(systemBus)",
                "GSETTINGS_BACKEND=keyfile", "XDG_CURRENT_DESKTOP=Budgie:GNOME", "XDG_SESSION_TYPE=x11",
                "GDK_BACKEND=x11", "NO_AT_BRIDGE=1", "GTK_A11Y=none", "LANG=C.UTF-8", "budgie-daemon",
            ], name: "server", log: "server.log")
        launch.serverPID = server
        let budgieName = "org.budgie_desktop.Notifications"
        try await launch.waitUntil(
            "budgie-daemon owning \(budgieName) (see \(launch.path("server.log")))", process: server
        ) { await launch.ownerPID(of: budgieName) == server }
        launch.extraVariables += [("GSETTINGS_BACKEND", "keyfile"), ("XDG_CONFIG_HOME", launch.path("config"))]
    }
}

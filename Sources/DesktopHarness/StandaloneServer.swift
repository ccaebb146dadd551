/// A server that needs nothing but the bus and the display: started as it is, with private XDG
/// directories, GSettings in memory (or in a keyfile, where it keeps a setting unotify reads) and
/// the X11 backends of GTK and Qt.
struct StandaloneServer: DesktopRecipe {
    let command: [String]
    let package: String
    var runsWithoutX = false
    var needsCompositor = false
    /// Whether clients are given the server's configuration directory (`XDG_CONFIG_HOME` in the
    /// desktop's environment): where the server keeps a setting unotify reads too (LXQt's
    /// do-not-disturb, in `lxqt/notifications.conf`).
    var sharesConfiguration = false
    /// Whether GSettings is kept in a keyfile in the configuration directory rather than in
    /// memory, exported (`GSETTINGS_BACKEND=keyfile` and `XDG_CONFIG_HOME`) so that `gsettings`
    /// in a test and unotifyd read and change what the server reads: where it keeps a setting
    /// unotifyd follows (mate-notification-daemon's do-not-disturb).
    var sharesGSettings = false

    var requirements: [(binary: String, package: String)] { [(command[0], package)] }

    func start(_ launch: DesktopLaunch) async throws {
        launch.environment["WAYLAND_DISPLAY"] = nil
        launch.serverPID = try launch.spawn(
            command, name: "server", log: "server.log",
            overrides: [
                "XDG_RUNTIME_DIR": launch.path("xdg-runtime"), "XDG_CONFIG_HOME": launch.path("config"),
                "XDG_CACHE_HOME": launch.path("cache"), "XDG_DATA_HOME": launch.path("data"),
                "GSETTINGS_BACKEND": sharesGSettings ? "keyfile" : "memory", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
                "QT_ACCESSIBILITY": "0",
                "GDK_BACKEND": "x11", "QT_QPA_PLATFORM": "xcb",
            ])
        if sharesConfiguration || sharesGSettings {
            launch.extraVariables.append(("XDG_CONFIG_HOME", launch.path("config")))
        }
        if sharesGSettings { launch.extraVariables.append(("GSETTINGS_BACKEND", "keyfile")) }
    }
}

/// A server that needs nothing but the bus and the display: started as it is, with private XDG
/// directories, GSettings in memory (or in a keyfile, where it keeps a setting unotify reads) and
/// the X11 backends of GTK and Qt.
struct StandaloneServer: DesktopRecipe {
    let command: [String]
    let package: String
    var runsWithoutX = false
    var needsCompositor = false
    /// What of the server's settings its desktop's clients share with it.
    var sharedSettings = SharedServerSettings.none

    var requirements: [(binary: String, package: String)] { [(command[0], package)] }

    func start(_ launch: DesktopLaunch) async throws {
        launch.environment["WAYLAND_DISPLAY"] = nil
        launch.serverPID = try launch.spawn(
            command, name: "server", log: "server.log",
            overrides: [
                "XDG_RUNTIME_DIR": launch.path("xdg-runtime"), "XDG_CONFIG_HOME": launch.path("config"),
                "XDG_CACHE_HOME": launch.path("cache"), "XDG_DATA_HOME": launch.path("data"),
                "GSETTINGS_BACKEND": sharedSettings == .gsettingsKeyfile ? "keyfile" : "memory", "NO_AT_BRIDGE": "1",
                "GTK_A11Y": "none",
                "QT_ACCESSIBILITY": "0",
                "GDK_BACKEND": "x11", "QT_QPA_PLATFORM": "xcb",
            ])
        switch sharedSettings {
        case .none: break
        case .configurationFolder:
            launch.extraVariables.append(("XDG_CONFIG_HOME", launch.path("config")))
        case .gsettingsKeyfile:
            launch.extraVariables.append(("XDG_CONFIG_HOME", launch.path("config")))
            launch.extraVariables.append(("GSETTINGS_BACKEND", "keyfile"))
        }
    }
}

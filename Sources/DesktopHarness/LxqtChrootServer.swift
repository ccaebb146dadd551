/// lxqt-notificationd 2.4 (LXQt 2, Qt 6) from the sid chroot, on the desktop's bus and Xvfb, as
/// the host's 1.2 runs (``StandaloneServer``): private XDG directories in the state directory
/// (bound at the same path in the chroot), so its settings (`config/lxqt/notifications.conf`)
/// start from the defaults, and Qt on its X11 backend. Clients are given that configuration
/// directory (`XDG_CONFIG_HOME`), where unotify reads LXQt's do-not-disturb.
struct LxqtChrootServer: DesktopRecipe {
    var requirements: [(binary: String, package: String)] { [("debootstrap", "debootstrap")] }

    func start(_ launch: DesktopLaunch) async throws {
        guard launch.wantsX else {
            throw HarnessError("lxqt-notificationd runs on X11 here: DESKTOP_X=0 is not supported")
        }
        try launch.prepareChroot("sid", with: "lxqt-notificationd", at: "2.4")
        launch.environment["WAYLAND_DISPLAY"] = nil
        let environment =
            ["env", "-i"] + launch.chrootHomeVariables + [
                "DISPLAY=\(launch.display)", "DBUS_SESSION_BUS_ADDRESS=\(launch.busAddress)",
                "QT_QPA_PLATFORM=xcb", "QT_ACCESSIBILITY=0", "NO_AT_BRIDGE=1",
            ] + DesktopLaunch.chrootLocaleAndPath
        launch.serverPID = try launch.spawnInChroot(
            environment + ["lxqt-notificationd"], name: "server", log: "server.log")
        launch.extraVariables.append(("XDG_CONFIG_HOME", launch.path("config")))
    }
}

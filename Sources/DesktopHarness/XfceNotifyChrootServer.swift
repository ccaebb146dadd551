/// xfce4-notifyd 0.9 with xfconfd, its settings daemon, both from the sid chroot, on the
/// desktop's bus and Xvfb, as the host's 0.7 runs: its channels (do-not-disturb among them) live
/// in the state directory's `config/xfce4/xfconf`, none at first, so it starts from its defaults.
struct XfceNotifyChrootServer: DesktopRecipe {
    var requirements: [(binary: String, package: String)] { [("debootstrap", "debootstrap")] }

    func start(_ launch: DesktopLaunch) async throws {
        try launch.prepareChroot("sid", with: "xfce4-notifyd", at: "0.9")
        let environment =
            ["env", "-i"] + launch.chrootHomeVariables + [
                "DISPLAY=\(launch.display)", "GDK_BACKEND=x11", "GSETTINGS_BACKEND=memory", "NO_AT_BRIDGE=1",
                "GTK_A11Y=none", "DBUS_SESSION_BUS_ADDRESS=\(launch.busAddress)",
            ] + DesktopLaunch.chrootLocaleAndPath
        let xfconfd = try launch.spawnInChroot(
            environment + [XfceNotifyServer.xfconfd], name: "xfconfd", log: "xfconfd.log")
        try await launch.waitUntil(
            "xfconfd owning org.xfce.Xfconf (see \(launch.path("xfconfd.log")))", process: xfconfd
        ) { await launch.ownerPID(of: "org.xfce.Xfconf") != nil }
        launch.serverPID = try launch.spawnInChroot(
            environment + [XfceNotifyServer.server], name: "server", log: "server.log")
    }
}

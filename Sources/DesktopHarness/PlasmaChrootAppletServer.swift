/// Plasma 6's notifications applet alone (`plasmawindowed org.kde.plasma.notifications`), from
/// the chroot of the suite that has that version (6.3: trixie, 6.7: sid), on the desktop's bus
/// and Xvfb, as ``PlasmaAppletServer`` runs 5.27's: its window preset to the whole screen, so
/// that the popups placed inside it are on screen, and exported as a background window. Plasma
/// 6 finds applications only through the `plasma-` menu, so `XDG_MENU_PREFIX` is set: without
/// it no desktop-entry hint resolves to an application.
struct PlasmaChrootAppletServer: DesktopRecipe {
    /// The Plasma version wanted, "6.3" or "6.7".
    let version: String
    let suite: String

    var requirements: [(binary: String, package: String)] {
        [("debootstrap", "debootstrap"), ("xdotool", "xdotool")]
    }

    func start(_ launch: DesktopLaunch) async throws {
        try launch.prepareChroot(suite)
        let installed = launch.chrootPackageVersion("plasma-workspace")
        // An epoch comes first: "4:6.7.4-2".
        guard installed.contains(":\(version).") else {
            throw HarnessError("the \(suite) chroot has plasma-workspace '\(installed)', not \(version)")
        }
        let (width, height) = launch.knobs.screenSize
        try launch.write(
            """
            [Applets][3]
            immutability=1
            plugin=org.kde.plasma.notifications

            [Applets][3][Configuration]
            geometry=0,0,\(width),\(height)

            """, to: "config/plasmawindowedrc")
        var environment =
            launch.chrootHomeVariables + [
                "XDG_CURRENT_DESKTOP=KDE", "KDE_FULL_SESSION=true", "KDE_SESSION_VERSION=6", "XDG_SESSION_TYPE=x11",
                "XDG_MENU_PREFIX=plasma-", "DISPLAY=\(launch.display)",
                "DBUS_SESSION_BUS_ADDRESS=\(launch.busAddress)", "QT_QPA_PLATFORM=xcb", "QT_ACCESSIBILITY=0",
                "NO_AT_BRIDGE=1",
            ] + DesktopLaunch.chrootLocaleAndPath
        if launch.knobs.pulse { environment.append("PULSE_SERVER=\(launch.pulseAddress)") }
        let pid = try launch.spawnInChroot(
            ["env", "-i"] + environment + ["plasmawindowed", "org.kde.plasma.notifications"], name: "server",
            log: "server.log")
        launch.serverPID = pid
        try await launch.waitForOwner(DesktopLaunch.notificationsName, process: pid, what: launch.server)
        launch.backgroundWindows = [try await PlasmaAppletServer.appletWindow(launch, process: pid)]
    }
}

import Foundation

/// SwayNotificationCenter 0.12 (GTK4 and gtk4-layer-shell, Debian sid) from the sid chroot
/// (``ChrootNamespace``), run as ``SwayncServer`` runs Debian 12's 0.7: on the same headless
/// sway and private bus, its stock configuration (the chroot's) with the same changes, its
/// do-not-disturb in keyfile GSettings. GTK4 draws with its cairo renderer: the headless sway
/// has no GPU, and GL through llvmpipe costs far more CPU for the same pixels. The tests run
/// 0.12's own `swaync-client` (which can invoke an action of the newest popup, `-a INDEX`)
/// through the wrapper `swaync-client` in the state directory, exported as
/// `DESKTOP_TOOL_SWAYNC_CLIENT`.
struct ChrootSwayncServer: DesktopRecipe {
    var requirements: [(binary: String, package: String)] { [("jq", "jq")] + HeadlessSway.requirements }
    var runsWithoutX: Bool { true }

    func start(_ launch: DesktopLaunch) async throws {
        try await HeadlessSway.start(in: launch)
        var chroot = try ChrootNamespace.prepare("sid", in: launch)
        let version = chroot.installedVersion(of: "sway-notification-center")
        guard version.hasPrefix("0.12.") else {
            throw HarnessError("the sid chroot has sway-notification-center '\(version)', not 0.12")
        }
        let stock = chroot.root + SwayncServer.stockDirectory
        let files = FileManager.default
        guard files.isReadableFile(atPath: "\(stock)/config.json"), files.isReadableFile(atPath: "\(stock)/style.css")
        else { throw HarnessError("swaync's stock configuration is missing in \(stock)") }
        try SwayncServer.writeConfiguration(
            from: stock, described: "the chroot's \(SwayncServer.stockDirectory)", in: launch)
        launch.environment["DISPLAY"] = nil
        let variables = [
            "HOME=\(launch.state)", "XDG_RUNTIME_DIR=\(launch.path("xdg-runtime"))",
            "XDG_CONFIG_HOME=\(launch.path("config"))", "XDG_CACHE_HOME=\(launch.path("cache"))",
            "XDG_DATA_HOME=\(launch.path("data"))", "WAYLAND_DISPLAY=\(launch.waylandSocket)",
            "DBUS_SESSION_BUS_ADDRESS=\(launch.busAddress)", "GDK_BACKEND=wayland", "GSK_RENDERER=cairo",
            "GSETTINGS_BACKEND=keyfile", "NO_AT_BRIDGE=1", "GTK_A11Y=none", "LANG=C.UTF-8", "LC_ALL=C.UTF-8",
            "PATH=/usr/bin:/bin:/usr/sbin:/sbin",
        ]
        launch.serverPID = try chroot.spawn(
            ["env", "-i"] + variables + [
                "swaync", "-c", launch.path("config/swaync/config.json"), "-s",
                launch.path("config/swaync/style.css"),
            ], name: "server", log: "server.log", in: launch)
        launch.chroot = chroot
        try chroot.writeToolWrapper(
            "swaync-client", tool: "/usr/bin/swaync-client", server: "swaync", version: version, in: launch)
        launch.extraVariables.append(("DESKTOP_TOOL_SWAYNC_CLIENT", launch.path("swaync-client")))
    }
}

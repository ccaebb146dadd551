import Foundation

/// dunst 1.13 from the sid chroot, on the desktop's bus and Xvfb, configured as the host's dunst
/// is (``DunstConfiguration``). Its menu program (the project's `dunst-pick`) and its own
/// `dunstctl` are copied into the state directory: dunst runs the first inside the chroot, where
/// the state directory is bound, and the tests run the second (dbus-send calls) on the host, so
/// that they click through dunst 1.13's own control tool, exported as `DESKTOP_TOOL_DUNSTCTL`.
struct DunstChrootServer: DesktopRecipe {
    var requirements: [(binary: String, package: String)] { [("debootstrap", "debootstrap")] }

    func start(_ launch: DesktopLaunch) async throws {
        let chroot = try launch.prepareChroot("sid", with: "dunst", at: "1.13")
        let menu = launch.path("dunst-pick-menu")
        let control = launch.path("dunstctl")
        try Self.copy(launch.script("dunst-pick"), to: menu)
        try Self.copy(chroot.root + "/usr/bin/dunstctl", to: control)
        let configuration = DunstConfiguration.template
            .replacingOccurrences(of: "@DMENU@", with: "\(menu) \(launch.path("dunst-pick"))")
            .replacingOccurrences(of: "@LIMIT@", with: launch.knobs.dunstLimit)
        try launch.write(configuration + "\n", to: "dunstrc")
        let environment =
            launch.chrootHomeVariables + [
                "DISPLAY=\(launch.display)", "DBUS_SESSION_BUS_ADDRESS=\(launch.busAddress)",
            ] + DesktopLaunch.chrootLocaleAndPath
        launch.serverPID = try launch.spawnInChroot(
            ["env", "-i"] + environment + ["dunst", "-config", launch.path("dunstrc")], name: "server",
            log: "server.log")
        launch.extraVariables.append(("DESKTOP_TOOL_DUNSTCTL", control))
    }

    /// Copies an executable, replacing an older copy, with mode 0755.
    private static func copy(_ source: String, to destination: String) throws {
        let files = FileManager.default
        if files.fileExists(atPath: destination) { try files.removeItem(atPath: destination) }
        try files.copyItem(atPath: source, toPath: destination)
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: destination)
    }
}

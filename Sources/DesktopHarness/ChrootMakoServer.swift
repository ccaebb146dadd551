import Foundation

/// mako 1.11 (Debian sid) from the sid chroot (``ChrootNamespace``), run as ``MakoServer`` runs
/// Debian 12's mako: the same configuration, on the same headless sway and private bus. Since
/// 1.10 its `makoctl` is a program of its own, so the tests run the chroot's: through the
/// wrapper `makoctl` in the state directory (exported as `DESKTOP_TOOL_MAKOCTL`, with
/// `DESKTOP_MAKOCTL_JSON=-j` for its JSON output), and its menu program `mako-pick` is copied
/// into the state directory, which the chroot sees (`DESKTOP_MAKO_PICK`).
struct ChrootMakoServer: DesktopRecipe {
    var requirements: [(binary: String, package: String)] { HeadlessSway.requirements }
    var runsWithoutX: Bool { true }

    func start(_ launch: DesktopLaunch) async throws {
        try await HeadlessSway.start(in: launch)
        var chroot = try ChrootNamespace.prepare("sid", in: launch)
        let version = chroot.installedVersion(of: "mako-notifier")
        guard version.hasPrefix("1.11.") else { throw HarnessError("the sid chroot has mako '\(version)', not 1.11") }
        try launch.write(MakoServer.configuration, to: "mako.conf")
        let pick = launch.path("mako-pick")
        // try?: there is no older copy to keep (a fresh one follows)
        try? FileManager.default.removeItem(atPath: pick)
        try FileManager.default.copyItem(atPath: launch.script("mako-pick"), toPath: pick)
        guard chmod(pick, 0o755) == 0 else { throw HarnessError("cannot make \(pick) executable") }
        launch.environment["DISPLAY"] = nil
        let variables = [
            "HOME=\(launch.state)", "XDG_RUNTIME_DIR=\(launch.path("xdg-runtime"))",
            "WAYLAND_DISPLAY=\(launch.waylandSocket)", "DBUS_SESSION_BUS_ADDRESS=\(launch.busAddress)",
            "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "PATH=/usr/bin:/bin:/usr/sbin:/sbin",
        ]
        launch.serverPID = try chroot.spawn(
            ["env", "-i"] + variables + ["mako", "-c", launch.path("mako.conf")], name: "server", log: "server.log",
            in: launch)
        launch.chroot = chroot
        try chroot.writeToolWrapper("makoctl", tool: "/usr/bin/makoctl", server: "mako", version: version, in: launch)
        launch.extraVariables += [
            ("DESKTOP_TOOL_MAKOCTL", launch.path("makoctl")), ("DESKTOP_MAKO_PICK", pick),
            ("DESKTOP_MAKOCTL_JSON", "-j"),
        ]
    }
}

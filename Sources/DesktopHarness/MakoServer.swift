/// mako (Debian 12's 1.7) on a headless sway (``HeadlessSway``), on the private bus: the
/// notification server of a wlroots desktop, with no X.
///
/// Its configuration (`mako.conf` in the state directory): actions on, notifications stay until
/// answered or dismissed, a left click invokes the default action and a right click dismisses
/// (mako's own bindings, written out), and in the mode `do-not-disturb` a notification that is
/// not critical stays in the list but is drawn nowhere. mako draws no buttons: a user picks an
/// action with `makoctl menu PROGRAM` or `makoctl invoke`.
struct MakoServer: DesktopRecipe {
    static let configuration = """
        actions=1
        default-timeout=0
        on-button-left=invoke-default-action
        on-button-right=dismiss

        [mode=do-not-disturb]
        invisible=1

        [mode=do-not-disturb urgency=critical]
        invisible=0

        """

    var requirements: [(binary: String, package: String)] {
        [("mako", "mako-notifier"), ("makoctl", "mako-notifier"), ("busctl", "systemd"), ("jq", "jq")]
            + HeadlessSway.requirements
    }
    var runsWithoutX: Bool { true }

    func start(_ launch: DesktopLaunch) async throws {
        try await HeadlessSway.start(in: launch)
        try launch.write(Self.configuration, to: "mako.conf")
        launch.environment["DISPLAY"] = nil
        launch.serverPID = try launch.spawn(
            ["mako", "-c", launch.path("mako.conf")], name: "server", log: "server.log",
            overrides: [
                "XDG_RUNTIME_DIR": launch.path("xdg-runtime"), "WAYLAND_DISPLAY": launch.waylandSocket,
                "HOME": launch.state,
            ])
    }
}

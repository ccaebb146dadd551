/// xfce4-notifyd with xfconfd, where it keeps its settings (do-not-disturb among them), as on
/// Xfce; its channels live in the state directory's `config/xfce4/xfconf` (none at first: its
/// defaults).
struct XfceNotifyServer: DesktopRecipe {
    static let xfconfd = "/usr/lib/x86_64-linux-gnu/xfce4/xfconf/xfconfd"
    static let server = "/usr/lib/x86_64-linux-gnu/xfce4/notifyd/xfce4-notifyd"

    var requirements: [(binary: String, package: String)] {
        [(Self.server, "xfce4-notifyd"), (Self.xfconfd, "xfconf")]
    }

    func start(_ launch: DesktopLaunch) async throws {
        let xfconfd = try launch.spawn(
            [Self.xfconfd], name: "xfconfd", log: "xfconfd.log",
            overrides: ["XDG_CONFIG_HOME": launch.path("config"), "XDG_CACHE_HOME": launch.path("cache")])
        try await launch.waitForOwner("org.xfce.Xfconf", process: xfconfd, what: "xfconfd (see xfconfd.log)")
        try await StandaloneServer(command: [Self.server], package: "xfce4-notifyd").start(launch)
    }
}

import Glibc

/// KDE Plasma 5.27's notification server without the rest of the desktop: the notifications
/// applet alone in `plasmawindowed org.kde.plasma.notifications` (plasma-workspace). It owns
/// org.freedesktop.Notifications itself and draws the same popups as plasmashell, on Xvfb,
/// with no window manager.
///
/// The applet places its popups inside its own window's "available screen rect": at the
/// default 160x160 they land partly off-screen, so its window is preset to the whole screen.
/// That window ("Notifications", the applet's history view) is no popup: it is exported as a
/// background window, which the tests leave out when they count popups.
struct PlasmaAppletServer: DesktopRecipe {
    var requirements: [(binary: String, package: String)] {
        [("plasmawindowed", "plasma-workspace"), ("xdotool", "xdotool")]
    }

    func start(_ launch: DesktopLaunch) async throws {
        let (width, height) = launch.knobs.screenSize
        try launch.write(
            """
            [Applets][3]
            immutability=1
            plugin=org.kde.plasma.notifications

            [Applets][3][Configuration]
            geometry=0,0,\(width),\(height)

            """, to: "config/plasmawindowedrc")
        try await StandaloneServer(
            command: [
                "env", "XDG_CURRENT_DESKTOP=KDE", "KDE_FULL_SESSION=true", "KDE_SESSION_VERSION=5",
                "XDG_SESSION_TYPE=x11", "LANG=C.UTF-8", "HOME=\(launch.state)", "plasmawindowed",
                "org.kde.plasma.notifications",
            ], package: "plasma-workspace"
        ).start(launch)
        guard let pid = launch.serverPID else { return }
        try await launch.waitForOwner(DesktopLaunch.notificationsName, process: pid, what: "plasmawindowed")
        launch.backgroundWindows = [try await Self.appletWindow(launch, process: pid)]
    }

    /// The applet's own full-screen window, once it is mapped.
    static func appletWindow(_ launch: DesktopLaunch, process pid: pid_t) async throws -> String {
        var window = ""
        try await launch.waitUntil("plasmawindowed's 'Notifications' window", process: pid) {
            let found = launch.tool([
                "xdotool", "search", "--onlyvisible", "--maxdepth", "1", "--name", "^Notifications$",
            ])
            window = found.output.split(separator: "\n").first.map(String.init) ?? ""
            return !window.isEmpty
        }
        return window
    }
}

import DBus
import Foundation
import Glibc

/// GNOME Shell 43 as an X11 compositor on the desktop's Xvfb, with the small gjs service
/// (`org.gnome.Shell.Notifications`) that owns org.freedesktop.Notifications for it: GNOME
/// starts that service by D-Bus activation, which the private bus never does, so it is started
/// here; it forwards every call to the shell and the shell's signals back to the caller.
///
/// The shell reads its settings from a keyfile in the state directory (no animations, no
/// screen lock, no welcome dialog) and loads a test extension of ours that turns on unsafe mode,
/// so the tests can read and click the real banner through `org.gnome.Shell.Eval` (GNOME 43
/// has no `--unsafe-mode` option). Unless `DESKTOP_GNOME_IDLE=1` the extension also reports the
/// user as present: GNOME counts a user without any input as away, keeps a banner up until
/// input comes and queues every later one (and its sound) behind it. The banners the shell
/// shows about itself at start (unsafe mode, a privileged user) are dropped once it is up.
///
/// The shell asks logind on the system bus where /run/systemd/seats exists: a second private
/// bus stands in for it (the shell then runs without a logind session). Without a private
/// PulseAudio, the shell must not spawn one of its own.
struct GnomeShellServer: DesktopRecipe {
    static let notificationService = "/usr/share/gnome-shell/org.gnome.Shell.Notifications"
    static let extensionUUID = GnomeShellProfile.extensionID

    var requirements: [(binary: String, package: String)] {
        [("gnome-shell", "gnome-shell"), ("gjs", "gjs"), ("gdbus", "libglib2.0-bin")]
    }

    func start(_ launch: DesktopLaunch) async throws {
        guard access(Self.notificationService, R_OK) == 0 else {
            throw HarnessError("\(Self.notificationService) missing: install the Debian package 'gnome-shell'")
        }
        guard launch.wantsX else {
            throw HarnessError("gnome-shell runs as an X11 compositor here: DESKTOP_X=0 is not supported")
        }
        let words = launch.tool(["gnome-shell", "--version"]).output.split(whereSeparator: \.isWhitespace)
        guard words.count > 2 else { throw HarnessError("gnome-shell --version printed no version") }
        let major = words[2].prefix { $0 != "." }
        try writeSettings(launch, major: String(major))

        let (_, systemBus) = try await PrivateBus.start("system-bus", in: launch)
        var variables = [
            "HOME=\(launch.state)", "XDG_RUNTIME_DIR=\(launch.path("xdg-runtime"))",
            "XDG_CONFIG_HOME=\(launch.path("config"))", "XDG_CACHE_HOME=\(launch.path("cache"))",
            "XDG_DATA_HOME=\(launch.path("data"))", "XDG_CURRENT_DESKTOP=GNOME", "XDG_SESSION_TYPE=x11",
            "DBUS_SYSTEM_BUS_ADDRESS=\(systemBus)", "GSETTINGS_BACKEND=keyfile", "NO_AT_BRIDGE=1", "GTK_A11Y=none",
            "LANG=C.UTF-8", "LC_ALL=C.UTF-8",
        ]
        if !launch.knobs.pulse {
            try launch.write("autospawn = no\n", to: "pulse-client.conf")
            variables.append("PULSE_CLIENTCONFIG=\(launch.path("pulse-client.conf"))")
        }

        launch.environment["WAYLAND_DISPLAY"] = nil
        let shell = try launch.spawn(
            ["env"] + variables + ["gnome-shell", "--x11", "--replace", "--sm-disable"], name: "gnome-shell",
            log: "shell.log")
        // Eval answers once the extension has turned unsafe mode on; the UI is ready when the
        // start-up animation is over.
        try await launch.waitUntil(
            "gnome-shell with its test extension (see \(launch.path("shell.log")))", process: shell,
            timeout: .seconds(max(60, launch.knobs.timeoutSeconds))
        ) { await Self.evaluate("Main.layoutManager._startingUp", launch) == "false" }

        let server = try launch.spawn(
            ["env"] + variables + ["gjs", Self.notificationService], name: "server", log: "server.log")
        launch.serverPID = server
        // The service forwards to the shell: a real answer means both are ready.
        try await launch.waitUntil("GetServerInformation through \(Self.notificationService)", process: server) {
            await launch.notificationServerAnswers()
        }
        // The shell's own start-up banners would stay in the tray, and on screen while the user is away.
        let dropped = await Self.evaluate(
            """
            Main.messageTray.getSources().filter(s => s instanceof imports.ui.messageTray.SystemNotificationSource)
              .forEach(s => s.destroy()); Main.overview.hide(); 1
            """, launch)
        guard dropped != nil else { throw HarnessError("gnome-shell did not drop its own start-up banners") }
    }

    /// The keyfile of GSettings and the test extension (43's format: `imports`).
    private func writeSettings(_ launch: DesktopLaunch, major: String) throws {
        try GnomeShellProfile.write(
            launch, major: major,
            extensionCode: """
                const Main = imports.ui.main;
                function init() {}
                function enable() {
                    global.context.unsafe_mode = true;
                    if (\(launch.knobs.gnomeIdle ? 1 : 0) !== 1)
                        Main.messageTray.idleMonitor = { get_idletime: () => 0, add_user_active_watch: () => 0, remove_watch: () => {} };
                }
                function disable() { global.context.unsafe_mode = false; }

                """)
    }

    /// What `code` evaluates to in the shell (JSON text), nil without an answer.
    private static func evaluate(_ code: String, _ launch: DesktopLaunch) async -> String? {
        await launch.evaluate(code, in: "org.gnome.Shell", path: "/org/gnome/Shell", interface: "org.gnome.Shell")
    }
}

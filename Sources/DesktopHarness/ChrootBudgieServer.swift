import Foundation
import Glibc

/// Budgie 10.10's notification server, budgie-daemon alone (no panel, no Raven, no session), on
/// labwc, both from the sid chroot (``ChrootNamespace``). Budgie 10.10 dropped X11: its popups
/// are layer-shell surfaces on the monitor its Wayland client reports, so it needs a wlroots
/// compositor, and labwc is Budgie's own.
///
/// - labwc runs headless (wlroots' headless backend, the pixman renderer), as root (it does not
///   refuse it), its socket in the socket directory's `labwc`, its one output set to 1280x800
///   (as the headless sway's, which `wl-click` assumes) with the chroot's `wlr-randr`. Its
///   `rc.xml` binds the left button on the bare desktop to nothing, so that a click beside a
///   popup opens no root menu over the popups. It offers the virtual-pointer and screencopy
///   protocols, so the host's `wl-click` and `grim` work on it as on sway; a pointer is held on
///   its seat (``HeldPointer``) before budgie-daemon starts.
/// - Some of the chroot's binaries are covered with /dev/null: Xwayland (labwc would take an X
///   display and its lock in the host's /tmp), and what budgie-daemon runs by name — killall
///   and pgrep (the chroot sees the host's processes), swayidle, gammastep and swaybg (idle,
///   night light, wallpaper: none wanted in tests).
/// - budgie-daemon keeps its settings in keyfile GSettings under the state directory's `config`
///   (exported, so the host's `gsettings` reaches them) and talks to a private system bus. It
///   is ready once it owns org.budgie_desktop.Notifications and has found labwc's monitor (it
///   polls for it; a popup asked for before is never shown).
struct ChrootBudgieServer: DesktopRecipe {
    static let masked = [
        "/usr/bin/Xwayland", "/usr/bin/killall", "/usr/bin/pgrep", "/usr/bin/swayidle", "/usr/bin/gammastep",
        "/usr/bin/swaybg",
    ]

    static let labwcConfiguration = """
        <?xml version="1.0"?>
        <labwc_config>
          <mouse>
            <context name="Root">
              <mousebind button="Left" action="Press"><action name="None"/></mousebind>
            </context>
          </mouse>
        </labwc_config>

        """

    var requirements: [(binary: String, package: String)] {
        [("debootstrap", "debootstrap"), ("grim", "grim")]
    }
    var runsWithoutX: Bool { true }

    func start(_ launch: DesktopLaunch) async throws {
        var chroot = try ChrootNamespace.prepare("sid", in: launch)
        let version = chroot.installedVersion(of: "budgie-desktop")
        guard version.hasPrefix("10.10.") else {
            throw HarnessError("the sid chroot has budgie-desktop '\(version)', not 10.10")
        }
        guard access("\(chroot.root)/usr/bin/labwc", X_OK) == 0 else {
            throw HarnessError("the sid chroot has no labwc")
        }
        chroot.masked = Self.masked

        let files = FileManager.default
        let runtime = "\(launch.socketDirectory)/labwc"
        // try?: a runtime directory that is not there is what is wanted
        try? files.removeItem(atPath: runtime)
        guard mkdir(runtime, 0o700) == 0 else { throw HarnessError("cannot make \(runtime)") }
        try files.createDirectory(atPath: launch.path("labwc-config"), withIntermediateDirectories: true)
        try launch.write(Self.labwcConfiguration, to: "labwc-config/rc.xml")
        try launch.write("", to: "labwc-config/autostart")
        let labwcVariables = [
            "HOME": launch.state, "XDG_RUNTIME_DIR": runtime, "XDG_CONFIG_HOME": launch.path("config"),
            "WLR_BACKENDS": "headless", "WLR_HEADLESS_OUTPUTS": "1", "WLR_RENDERER": "pixman",
            "WLR_LIBINPUT_NO_DEVICES": "1", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "PATH": "/usr/bin:/bin:/usr/sbin:/sbin",
        ]
        launch.environment["DISPLAY"] = nil
        launch.environment["WAYLAND_DISPLAY"] = nil
        let labwc = try chroot.spawn(
            Self.cleanEnvironment(labwcVariables) + ["labwc", "-C", launch.path("labwc-config")], name: "labwc",
            log: "labwc.log", in: launch)
        launch.chroot = chroot
        let socket = "\(runtime)/wayland-0"
        try await launch.waitUntil("labwc (see \(launch.path("labwc.log")))", process: labwc) {
            HeadlessSway.isSocket(socket)
        }
        launch.waylandSocket = socket
        // labwc's headless output is 1280x720 at first. Once in a full run wlr-randr said "failed
        // to connect to display" although the socket was there: it is asked again until labwc
        // takes the mode, within the step's deadline.
        var randrVariables = labwcVariables
        randrVariables["WAYLAND_DISPLAY"] = socket
        try await launch.waitUntil(
            "wlr-randr setting labwc's output to 1280x800 (see \(launch.path("labwc.log")))", process: labwc
        ) {
            chroot.run(
                ["wlr-randr", "--output", "HEADLESS-1", "--custom-mode", "1280x800"], environment: randrVariables,
                appendingTo: "labwc.log", in: launch)
        }
        try await HeldPointer.hold(on: socket, compositor: "labwc", in: launch)

        // Its XDG directory tracker polls ~/Desktop.
        try files.createDirectory(atPath: launch.path("config/glib-2.0/settings"), withIntermediateDirectories: true)
        try files.createDirectory(atPath: launch.path("Desktop"), withIntermediateDirectories: true)
        try launch.write("", to: "config/glib-2.0/settings/keyfile")
        let (_, systemBus) = try await PrivateBus.start("system-bus", in: launch)
        let budgieVariables = [
            "HOME": launch.state, "XDG_RUNTIME_DIR": launch.path("xdg-runtime"),
            "XDG_CONFIG_HOME": launch.path("config"), "XDG_CACHE_HOME": launch.path("cache"),
            "XDG_DATA_HOME": launch.path("data"), "WAYLAND_DISPLAY": socket,
            "DBUS_SESSION_BUS_ADDRESS": launch.busAddress, "DBUS_SYSTEM_BUS_ADDRESS": systemBus,
            "GSETTINGS_BACKEND": "keyfile", "XDG_CURRENT_DESKTOP": "Budgie:GNOME", "XDG_SESSION_TYPE": "wayland",
            "GDK_BACKEND": "wayland", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none", "G_MESSAGES_DEBUG": "all",
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin:/usr/sbin:/sbin",
        ]
        let pid = try chroot.spawn(
            Self.cleanEnvironment(budgieVariables) + ["budgie-daemon"], name: "server", log: "server.log", in: launch)
        launch.chroot = chroot
        launch.serverPID = pid
        try await launch.waitUntil(
            "budgie-daemon owning org.budgie_desktop.Notifications (see \(launch.path("server.log")))", process: pid
        ) { await launch.ownerPID(of: "org.budgie_desktop.Notifications") == pid }
        try await launch.waitUntil(
            "budgie-daemon finding labwc's monitor (see \(launch.path("server.log")))", process: pid
        ) {
            // try?: a log not written yet holds no line yet
            let log = (try? String(contentsOfFile: launch.path("server.log"), encoding: .utf8)) ?? ""
            return log.contains("WaylandClient initialized successfully")
        }
        launch.extraVariables += [("GSETTINGS_BACKEND", "keyfile"), ("XDG_CONFIG_HOME", launch.path("config"))]
    }

    /// `env -i` with exactly `variables`: the chroot's process inherits nothing of the host's.
    static func cleanEnvironment(_ variables: [String: String]) -> [String] {
        ["env", "-i"] + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }
}

import Foundation
import Glibc

/// Phosh 0.58, the shell of Linux phones, on its compositor phoc, both from the sid chroot
/// (``ChrootNamespace``), as phosh's own integration tests run them: phoc headless (wlroots'
/// headless backend, the pixman renderer, no Xwayland), one output of 360x720 at scale 1 (a
/// phone's logical size), phosh unlocked (`-U`; locked, with `DESKTOP_PHOSH_LOCKED=1`, its lock
/// screen animates and costs a quarter of a core while idle) with the fake built-in display
/// that `PHOSH_DEBUG=fake-builtin` gives.
///
/// - phoc is started alone, a virtual pointer is held on its seat (``HeldPointer``), then
///   feedbackd (phosh's sounds and haptics, on the session bus), then phosh, so that phosh's
///   surfaces listen to the pointer the tests click with (`wl-click`).
/// - The phosh process itself owns org.freedesktop.Notifications; it needs no system bus (every
///   system service it asks for is optional: NetworkManager, ModemManager, UPower, logind… are
///   only logged as missing), and is ready once it logs "Phosh ready" and has folded its
///   settings panel, which it starts with down.
/// - Its settings use the keyfile backend in the state directory's `config` (exported, so the
///   host's `gsettings` reaches them: GNOME's `show-banners`, phosh's own keys).
/// - Its banners are drawn at the top of the output, on a black background (no wallpaper
///   package), and read from a `grim` screenshot (`test-desktop phosh-buttons`).
struct PhoshChrootServer: DesktopRecipe {
    /// The output's size in logical pixels (scale 1: the screenshot's pixels too).
    static let width = 360
    static let height = 720

    var requirements: [(binary: String, package: String)] {
        [("debootstrap", "debootstrap"), ("grim", "grim")]
    }
    var runsWithoutX: Bool { true }

    func start(_ launch: DesktopLaunch) async throws {
        let chroot = try launch.prepareChroot("sid")
        let version = chroot.installedVersion(of: "phosh")
        guard version.hasPrefix("0.58.") else { throw HarnessError("the sid chroot has phosh '\(version)', not 0.58") }

        let files = FileManager.default
        let runtime = "\(launch.socketDirectory)/phoc"
        // try?: a runtime directory that is not there is what is wanted
        try? files.removeItem(atPath: runtime)
        guard mkdir(runtime, 0o700) == 0 else { throw HarnessError("cannot make \(runtime)") }
        try launch.write(
            "[core]\nxwayland=false\n[output:HEADLESS-1]\nmode = \(Self.width)x\(Self.height)\nscale = 1\n",
            to: "phoc.ini")
        try files.createDirectory(atPath: launch.path("config/glib-2.0/settings"), withIntermediateDirectories: true)
        try launch.write("", to: "config/glib-2.0/settings/keyfile")
        let variables = [
            "HOME=\(launch.state)", "XDG_RUNTIME_DIR=\(runtime)", "XDG_CONFIG_HOME=\(launch.path("config"))",
            "XDG_CACHE_HOME=\(launch.path("cache"))", "XDG_DATA_HOME=\(launch.path("data"))",
            "DBUS_SESSION_BUS_ADDRESS=\(launch.busAddress)", "WLR_BACKENDS=headless", "WLR_RENDERER=pixman",
            "WLR_LIBINPUT_NO_DEVICES=1", "GSETTINGS_BACKEND=keyfile", "XDG_CURRENT_DESKTOP=Phosh:GNOME",
            "XDG_SESSION_TYPE=wayland", "PHOSH_DEBUG=fake-builtin", "NO_AT_BRIDGE=1", "GTK_A11Y=none",
            "G_MESSAGES_DEBUG=phosh-notify-manager phosh-dbus-notification phosh-shell",
        ]
        launch.environment["DISPLAY"] = nil
        launch.environment["WAYLAND_DISPLAY"] = nil
        let phoc = try launch.spawnInChroot(
            ["env", "-i"] + variables + DesktopLaunch.chrootLocaleAndPath
                + ["phoc", "--no-xwayland", "-C", launch.path("phoc.ini"), "--socket", "wayland-phosh"],
            name: "phoc", log: "phoc.log")
        let socket = "\(runtime)/wayland-phosh"
        try await launch.waitUntil("phoc (see \(launch.path("phoc.log")))", process: phoc) {
            HeadlessSway.isSocket(socket)
        }
        launch.waylandSocket = socket
        try await HeldPointer.hold(on: socket, compositor: "phoc", in: launch)

        // feedbackd plays phosh's sounds and haptics; without it phosh 0.58 crashed (a segfault
        // in libc) as show-banners came back on after notifications had come in while it was off.
        // No shared memory between the chroot's libpulse and the host's PulseAudio (as for GNOME
        // Shell in its chroot).
        try launch.write("autospawn = no\nenable-shm = no\nenable-memfd = no\n", to: "pulse-client.conf")
        var sound = ["PULSE_CLIENTCONFIG=\(launch.path("pulse-client.conf"))"]
        if launch.knobs.pulse { sound.append("PULSE_SERVER=\(launch.pulseAddress)") }
        let feedback = try launch.spawnInChroot(
            ["env", "-i"] + variables + sound + DesktopLaunch.chrootLocaleAndPath + ["/usr/libexec/feedbackd"],
            name: "feedbackd", log: "feedbackd.log")
        try await launch.waitForOwner("org.sigxcpu.Feedback", process: feedback, what: "feedbackd")

        let arguments = launch.knobs.phoshLocked ? ["-L"] : ["-U"]
        let phosh = try launch.spawnInChroot(
            ["env", "-i"] + variables + ["WAYLAND_DISPLAY=\(socket)"] + DesktopLaunch.chrootLocaleAndPath
                + ["/usr/libexec/phosh"] + arguments,
            name: "server", log: "server.log")
        launch.serverPID = phosh
        try await launch.waitUntil("phosh \(version) (see \(launch.path("server.log")))", process: phosh) {
            // try?: a log not written yet holds no line yet
            let log = (try? String(contentsOfFile: launch.path("server.log"), encoding: .utf8)) ?? ""
            // phosh starts with its settings panel down (state SETTINGS) and folds it 0.5 to 0.9 s
            // after "ready"; a notification that comes before draws no banner (measured: no
            // banner for 30 s), as a user with the panel open sees it there instead.
            return log.contains("Phosh ready after") && log.contains("Removing PHOSH_STATE_SETTINGS")
        }
        try await launch.waitForOwner(DesktopLaunch.notificationsName, process: phosh, what: "phosh")
        launch.extraVariables += [
            ("GSETTINGS_BACKEND", "keyfile"), ("XDG_CONFIG_HOME", launch.path("config")),
            ("XDG_CURRENT_DESKTOP", "Phosh:GNOME"),
        ]
    }
}

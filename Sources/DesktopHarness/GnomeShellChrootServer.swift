import Foundation

/// GNOME Shell 48 (trixie's chroot) or 51 (sid's), headless on Wayland with a virtual monitor
/// (51 has no X11 session at all; 48 runs the same way), and its notification service, on the
/// desktop's bus. Its settings use the keyfile backend in the state directory's `config`: no
/// animations, no screen lock, no welcome dialog, and the project's test extension enabled.
///
/// The extension (an ES module, as GNOME 45 and later load them) turns unsafe mode on, so the
/// tests read and click the real banners through org.gnome.Shell.Eval; reports the user as
/// present unless `DESKTOP_GNOME_IDLE=1` (with no input at all the user counts as away, and
/// banners then stay and queue); and runs the message tray's update again once a banner has
/// hidden. org.freedesktop.Notifications is owned by the gjs service
/// org.gnome.Shell.Notifications, which the private bus does not activate, so it is started
/// here. A second private bus stands in for the system bus, where the shell asks logind for a
/// seat. The banners the shell shows about itself at start are dropped, and the desktop entries
/// `DESKTOP_DESKTOP_FILES` names are installed before it starts (it reads new ones only when a
/// file monitor tells it).
///
/// With a private PulseAudio, the shell's sound player loses the first sound it is asked to
/// play after it starts; a real session has played sounds long before, so here the theme's bell
/// is played once, until its stream has appeared on the sink and ended, and the first
/// notification's sound is heard.
struct GnomeShellChrootServer: DesktopRecipe {
    static let extensionID = GnomeShellProfile.extensionID

    /// The major version wanted, "48" or "51".
    let major: String
    let suite: String

    var requirements: [(binary: String, package: String)] {
        [("debootstrap", "debootstrap"), ("gdbus", "libglib2.0-bin")]
    }
    var runsWithoutX: Bool { true }

    func start(_ launch: DesktopLaunch) async throws {
        let chroot = try launch.prepareChroot(suite)
        let reply = launch.tool(["chroot", chroot.root, "gnome-shell", "--version"]).output
        let words = reply.split(whereSeparator: \.isWhitespace)
        let version = words.count >= 3 ? String(words[2]) : ""
        guard version.split(separator: ".").first.map(String.init) == major else {
            throw HarnessError("the \(suite) chroot has GNOME Shell '\(version)', not \(major)")
        }
        try writeSettingsAndExtension(launch)
        try installDesktopFiles(launch)
        let systemBus = try await PrivateBus.start("system-bus", in: launch)

        launch.waylandSocket = launch.path("xdg-runtime/gnome-wl")
        var environment =
            launch.chrootHomeVariables + [
                "XDG_CURRENT_DESKTOP=GNOME", "XDG_SESSION_TYPE=wayland",
                "DBUS_SESSION_BUS_ADDRESS=\(launch.busAddress)", "DBUS_SYSTEM_BUS_ADDRESS=\(systemBus.address)",
                "GSETTINGS_BACKEND=keyfile", "NO_AT_BRIDGE=1", "GTK_A11Y=none",
            ] + DesktopLaunch.chrootLocaleAndPath
        // No shared memory between the chroot's libpulse and the host's PulseAudio: with it the
        // server logs "Cannot send block reference with non-registered memfd ID" (seen on 48.7).
        try launch.write("autospawn = no\nenable-shm = no\nenable-memfd = no\n", to: "pulse-client.conf")
        environment.append("PULSE_CLIENTCONFIG=\(launch.path("pulse-client.conf"))")
        if launch.knobs.pulse { environment.append("PULSE_SERVER=\(launch.pulseAddress)") }
        var arguments = [
            "--headless", "--wayland", "--no-x11", "--virtual-monitor", "1280x800", "--wayland-display=gnome-wl",
        ]
        if major == "48" { arguments.append("--sm-disable") }

        let shell = try launch.spawnInChroot(
            ["env", "-i"] + environment + ["gnome-shell"] + arguments, name: "gnome-shell", log: "shell.log")
        try await launch.waitUntil(
            "gnome-shell \(version) with its test extension (see \(launch.path("shell.log")))", process: shell,
            timeout: max(launch.timeout, .seconds(90))
        ) { Self.eval("Main.layoutManager._startingUp", in: launch) == "(true, 'false')" }

        let service = try launch.spawnInChroot(
            ["env", "-i"] + environment + ["gjs", "-m", "/usr/share/gnome-shell/org.gnome.Shell.Notifications"],
            name: "server", log: "server.log")
        launch.serverPID = service
        try await launch.waitUntil(
            "GetServerInformation through org.gnome.Shell.Notifications", process: service
        ) { Self.answers(launch) }
        _ = Self.eval(
            "Main.messageTray.getSources().forEach(s => s.destroy()); Main.overview.hide(); 1", in: launch)

        if launch.knobs.pulse { try await warmUpSoundPlayer(launch) }
    }

    /// The keyfile settings, the extension's metadata and code, and the mark that spares the
    /// user the screen-lock warning.
    private func writeSettingsAndExtension(_ launch: DesktopLaunch) throws {
        try GnomeShellProfile.write(
            launch, major: major, extensionCode: Self.extensionCode(idle: launch.knobs.gnomeIdle))
    }

    /// The test extension's code; its comments say why it replaces `_hideNotificationCompleted`.
    static func extensionCode(idle: Bool) -> String {
        """
        import GLib from 'gi://GLib';
        import * as Main from 'resource:///org/gnome/shell/ui/main.js';
        export default class {
            enable() {
                global.context.unsafe_mode = true;
                // Without animations (the shell turns them off itself on software rendering, as here)
                // an ease of 0 ms ends at once, so a banner's hide ends inside MessageTray._updateState,
                // whose reentrancy guard drops the _updateState the hide ends with: the next queued
                // banner is not shown, nor its sound played, until another notification comes (43 eased
                // for 1 ms, ending on a later frame). As on an animated desktop, the update runs again
                // once the hide is over, from the main loop.
                Main.messageTray._hideNotificationCompleted = function () {
                    Object.getPrototypeOf(this)._hideNotificationCompleted.call(this);
                    GLib.idle_add(GLib.PRIORITY_DEFAULT, () => { this._updateState(); return GLib.SOURCE_REMOVE; });
                };
                if (\(idle ? 1 : 0) !== 1)
                    Main.messageTray.idleMonitor = { get_idletime: () => 0, add_user_active_watch: () => 0, remove_watch: () => {} };
            }
            disable() { global.context.unsafe_mode = false; delete Main.messageTray._hideNotificationCompleted; }
        }

        """
    }

    /// Copies the desktop entries `DESKTOP_DESKTOP_FILES` names into the shell's applications.
    private func installDesktopFiles(_ launch: DesktopLaunch) throws {
        let files = FileManager.default
        let applications = launch.path("data/applications")
        try files.createDirectory(atPath: applications, withIntermediateDirectories: true)
        for file in launch.knobs.desktopFiles {
            let destination = "\(applications)/\(URL(fileURLWithPath: file).lastPathComponent)"
            do {
                if files.fileExists(atPath: destination) { try files.removeItem(atPath: destination) }
                try files.copyItem(atPath: file, toPath: destination)
            } catch {
                throw HarnessError("cannot copy \(file)")
            }
        }
    }

    /// Plays the theme's bell until its stream has appeared on the private sink and ended (up
    /// to five tries), so that the shell's sound player has played once before the tests.
    private func warmUpSoundPlayer(_ launch: DesktopLaunch) async throws {
        try launch.need("pactl", "pulseaudio-utils")
        func streams() -> Int {
            launch.tool(["pactl", "-s", launch.pulseAddress, "list", "short", "sink-inputs"]).output
                .split(separator: "\n").count
        }
        for _ in 1...5 {
            _ = Self.eval(
                "global.display.get_sound_player().play_from_theme(\"bell\", \"warm-up\", null); 1", in: launch)
            var deadline = ContinuousClock.now + .seconds(2)
            while streams() == 0 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            guard streams() > 0 else { continue }
            deadline = ContinuousClock.now + .seconds(10)
            while streams() > 0 {
                guard ContinuousClock.now < deadline else {
                    throw HarnessError("the shell's warm-up sound did not end within 10 s")
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            return
        }
        throw HarnessError("GNOME Shell's sound player played nothing on PulseAudio after 5 tries")
    }

    /// Whether the notification service answers GetServerInformation.
    private static func answers(_ launch: DesktopLaunch) -> Bool {
        launch.tool([
            "gdbus", "call", "--session", "--timeout", "2", "--dest", DesktopLaunch.notificationsName,
            "--object-path", "/org/freedesktop/Notifications", "--method",
            DesktopLaunch.notificationsName + ".GetServerInformation",
        ]).succeeded
    }

    /// The shell's reply to `script` through org.gnome.Shell.Eval, e.g. `(true, 'false')`.
    private static func eval(_ script: String, in launch: DesktopLaunch) -> String {
        launch.tool([
            "gdbus", "call", "--session", "--timeout", "2", "--dest", "org.gnome.Shell", "--object-path",
            "/org/gnome/Shell", "--method", "org.gnome.Shell.Eval", script,
        ]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

import Foundation
import Glibc

/// A headless sway (wlroots' headless backend, the pixman renderer: no GPU, no input devices,
/// one 1280x800 output) on the private bus, with a held virtual pointer (``HeldPointer``):
/// the Wayland compositor mako and swaync draw their popups on. It sets the desktop's
/// ``DesktopLaunch/waylandSocket`` (an absolute path, for `WAYLAND_DISPLAY`) and
/// ``DesktopLaunch/swaySocket`` (its IPC socket, for `SWAYSOCK`).
///
/// sway 1.7 refuses to run as root, so as root it runs as the unprivileged user
/// `DESKTOP_SWAY_UID` (default 65534, nobody) through `setpriv`; the notification server runs as
/// the caller and connects to sway's socket. sway's configuration and runtime directory live in
/// a directory of their own, /tmp/unotify-sway.XXXXXX, which that user can reach wherever the
/// state directory is; its path is recorded in the state directory's `swaydir`, and the
/// teardown removes it.
enum HeadlessSway {
    static let requirements: [(binary: String, package: String)] = [
        ("sway", "sway"), ("grim", "grim"), ("setpriv", "util-linux"),
    ]

    static let configuration = """
        xwayland disable
        output HEADLESS-1 mode 1280x800 position 0 0
        default_border none

        """

    /// Starts sway and its pointer and waits until both are usable.
    static func start(in launch: DesktopLaunch) async throws {
        for (binary, package) in requirements { try launch.need(binary, package) }
        var template = Array("/tmp/unotify-sway.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw HarnessError("cannot make sway's directory in /tmp") }
        let directory = String(cString: made)
        try launch.write(directory + "\n", to: "swaydir")
        chmod(directory, 0o755)
        let runtime = "\(directory)/runtime"
        guard mkdir(runtime, 0o700) == 0 else { throw HarnessError("cannot make \(runtime)") }
        let configuration = "\(directory)/sway.conf"
        try launch.write(Self.configuration, to: configuration)

        var runAs: [String] = []
        if geteuid() == 0 {
            let user = launch.knobs.swayUser
            guard launch.tool(["chown", "\(user):\(user)", runtime]).succeeded else {
                throw HarnessError("cannot give \(runtime) to uid \(user)")
            }
            runAs = ["setpriv", "--reuid=\(user)", "--regid=\(user)", "--clear-groups"]
            guard launch.tool(runAs + ["test", "-r", configuration, "-a", "-w", runtime]).succeeded else {
                throw HarnessError(
                    "sway runs as uid \(user) (sway 1.7 refuses root), which cannot reach \(directory): "
                        + "is /tmp searchable by it? (set DESKTOP_SWAY_UID to another user)")
            }
        }
        let pid = try launch.spawn(
            runAs + ["sway", "-c", configuration], name: "sway", log: "sway.log",
            overrides: [
                "XDG_RUNTIME_DIR": runtime, "WLR_BACKENDS": "headless", "WLR_HEADLESS_OUTPUTS": "1",
                "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman", "HOME": launch.state,
            ])
        var ipcSocket = ""
        var waylandSocket = ""
        try await launch.waitUntil("sway (see \(launch.path("sway.log")))", process: pid) {
            // try?: a runtime directory not readable yet holds no socket yet
            let entries = ((try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []).sorted()
            for entry in entries where isSocket("\(runtime)/\(entry)") {
                if entry.hasPrefix("sway-ipc.") && entry.hasSuffix(".\(pid).sock") { ipcSocket = "\(runtime)/\(entry)" }
                if entry.hasPrefix("wayland-") { waylandSocket = "\(runtime)/\(entry)" }
            }
            guard !ipcSocket.isEmpty, !waylandSocket.isEmpty else { return false }
            return launch.tool(["swaymsg", "-s", ipcSocket, "-t", "get_outputs"]).succeeded
        }
        launch.swaySocket = ipcSocket
        launch.waylandSocket = waylandSocket
        try await HeldPointer.hold(on: waylandSocket, compositor: "sway", in: launch)
    }

    static func isSocket(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }
}

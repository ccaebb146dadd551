import Foundation
import Glibc

/// Where a server of a newer Debian runs: a chroot of that suite (built on first use by
/// `scripts/desktop/chroot/build`), entered in a private mount namespace.
///
/// The first process gets the namespace (`unshare --mount`), in which the chroot's proc, sys
/// and dev are mounted and the state and socket directories are bound at the same paths (and
/// the host's /tmp over the chroot's), so the private bus's socket, `XDG_RUNTIME_DIR`, configs
/// and logs have one path inside and out. Later processes join that namespace (`nsenter`). The
/// mounts live only in the namespace: once the desktop's processes have exited, nothing is left
/// mounted. The session bus and Xvfb are the host's: the chroot's clients reach them through
/// their sockets (same network namespace).
struct ChrootNamespace: Sendable {
    let root: String
    /// Paths inside the chroot covered with /dev/null in the namespace (labwc then runs
    /// without Xwayland, which would take an X display in the host's /tmp).
    var masked: [String] = []
    private(set) var namespacePID: pid_t?

    /// The Debian suite whose chroot runs `server`, nil for a server of the host.
    static func suite(of server: String) -> String? {
        switch server {
        case "gnome-shell-48", "plasma-6.3", "enlightenment-0.27": "trixie"
        case "gnome-shell-51", "plasma-6.7", "dunst-1.13", "xfce4-notifyd-0.9", "mako-1.11", "swaync-0.12",
            "budgie-10.10", "cinnamon-6.6", "phosh-0.58", "lxqt-2.4":
            "sid"
        default: nil
        }
    }

    /// Builds or finds the chroot of `suite`.
    static func prepare(_ suite: String, in launch: DesktopLaunch) throws -> ChrootNamespace {
        try launch.need("unshare", "util-linux")
        try launch.need("nsenter", "util-linux")
        // The builder talks to the user on standard error while it works (minutes, once).
        let build = ToolRun.run(
            [launch.script("chroot/build"), suite], environment: launch.environment, timeout: .seconds(3600),
            standardErrorPassedThrough: true)
        let root = build.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard build.succeeded, !root.isEmpty else {
            throw HarnessError("the \(suite) chroot could not be built (see the message above)")
        }
        guard access("\(root)/usr/bin/env", X_OK) == 0 else { throw HarnessError("\(root) is no chroot") }
        return ChrootNamespace(root: root)
    }

    /// Starts `command` inside the chroot, detached, like ``DesktopLaunch/spawn``.
    @discardableResult
    mutating func spawn(_ command: [String], name: String, log: String, in launch: DesktopLaunch) throws -> pid_t {
        if let namespacePID {
            return try launch.spawn(
                ["nsenter", "--mount=/proc/\(namespacePID)/ns/mnt", "--", "chroot", root] + command, name: name,
                log: log)
        }
        let pid = try launch.spawn(
            ["unshare", "--mount", "--", "bash", "-c", mounts(for: launch) + " exec chroot \"$0\" \"$@\"", root]
                + command, name: name, log: log)
        namespacePID = pid
        return pid
    }

    /// The shell commands that set up the namespace.
    private func mounts(for launch: DesktopLaunch) -> String {
        var binds = [launch.state]
        if launch.socketDirectory != launch.state { binds.append(launch.socketDirectory) }
        var script =
            "set -e; mount --make-rprivate /; mount -t proc proc \(quoted(root + "/proc")); "
            + "mount --rbind /sys \(quoted(root + "/sys")); mount --rbind /dev \(quoted(root + "/dev")); "
            + "mount --rbind /tmp \(quoted(root + "/tmp")); "
        for directory in binds {
            script +=
                "mkdir -p \(quoted(root + directory)); mount --bind \(quoted(directory)) \(quoted(root + directory)); "
        }
        for path in masked {
            script += "if [ -e \(quoted(root + path)) ]; then mount --bind /dev/null \(quoted(root + path)); fi; "
        }
        return script
    }

    private func quoted(_ value: String) -> String { "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

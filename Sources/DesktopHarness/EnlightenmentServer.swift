import Foundation
import Glibc

/// Enlightenment, a compositing window manager whose `notification` module is the server, on
/// the desktop's Xvfb with a fresh home (`e-home` in the state directory) and the stock profile
/// (`enlightenment_start -profile standard`: the module loaded, no first-run wizard): Debian 12's
/// 0.25, or, given a `chroot` (suite and version), the one of that Debian chroot (0.27 from
/// trixie), started there with only the variables below. The server is the `enlightenment`
/// process, a child of `enlightenment_start`.
///
/// It counts as ready, each step bounded, once: its process owns the name and
/// `GetServerInformation` answers; E logged "MAIN LOOP AT LAST"; its compositor drew its first
/// frame (the screen stays black until then: the bottom middle pixel is looked at); and, on a
/// machine with /proc/acpi but no acpid, the "ACPI Error" dialog E opens a few seconds after
/// its first frame has been waited for (at most 8 s) and answered with Return, so that no
/// dialog covers the popups (0.25 only: 0.27 opens none). E draws its popups inside its
/// compositor's canvas, with no X window of their own (a screenshot finds them); 0.25 offers
/// no actions at all, 0.27 draws them as labels.
struct EnlightenmentServer: DesktopRecipe {
    /// The Debian suite whose chroot runs E and the version (its first parts, "0.27") it must have
    /// there; nil for the host's.
    var chroot: (suite: String, version: String)?

    var requirements: [(binary: String, package: String)] {
        [
            chroot == nil ? ("enlightenment_start", "enlightenment") : ("debootstrap", "debootstrap"),
            ("gdbus", "libglib2.0-bin"), ("import", "imagemagick"), ("xdotool", "xdotool"),
        ]
    }

    func start(_ launch: DesktopLaunch) async throws {
        guard launch.wantsX else {
            throw HarnessError("enlightenment runs as an X11 window manager: DESKTOP_X=0 is not supported")
        }
        let home = launch.path("e-home")
        let files = FileManager.default
        if files.fileExists(atPath: home) { try files.removeItem(atPath: home) }
        try files.createDirectory(atPath: "\(home)/Desktop", withIntermediateDirectories: true)
        let variables = [
            "XDG_RUNTIME_DIR": launch.path("xdg-runtime"), "XDG_CONFIG_HOME": "\(home)/.config",
            "XDG_CACHE_HOME": "\(home)/.cache", "XDG_DATA_HOME": "\(home)/.local/share", "HOME": home,
            "NO_AT_BRIDGE": "1", "LANG": "C.UTF-8",
        ]
        let command = ["enlightenment_start", "-profile", "standard"]
        let starter: pid_t
        if let chroot {
            try launch.prepareChroot(chroot.suite, with: "enlightenment", at: chroot.version)
            let environment =
                variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [
                    "DISPLAY=\(launch.display)", "DBUS_SESSION_BUS_ADDRESS=\(launch.busAddress)",
                    "LC_ALL=C.UTF-8", "PATH=/usr/bin:/bin:/usr/sbin:/sbin",
                ]
            starter = try launch.spawnInChroot(
                ["env", "-i"] + environment + command, name: "enlightenment_start", log: "server.log")
        } else {
            starter = try launch.spawn(command, name: "enlightenment_start", log: "server.log", overrides: variables)
        }
        let eLog = "\(home)/.e-log.log"
        var owner: pid_t?
        try await launch.waitUntil(
            "enlightenment owning \(DesktopLaunch.notificationsName) (see \(launch.path("server.log")), \(eLog))",
            process: starter
        ) {
            owner = await launch.ownerPID(of: DesktopLaunch.notificationsName)
            return owner != nil
        }
        // The owner must be enlightenment_start's own child, not some other process on the bus.
        guard let server = owner, Self.parent(of: server) == starter else {
            throw HarnessError(
                "\(DesktopLaunch.notificationsName) is owned by pid \(owner ?? 0), which is no child of "
                    + "enlightenment_start (\(starter))")
        }
        try launch.started(server, name: "server")
        launch.serverPID = server
        try await launch.waitUntil("enlightenment's main loop (see \(eLog))", process: server) {
            // try?: a log not written yet is a main loop not reached yet
            let text = (try? String(contentsOfFile: eLog, encoding: .utf8)) ?? ""
            guard text.contains("MAIN LOOP AT LAST") else { return false }
            return await launch.notificationServerAnswers()
        }
        let (width, height) = try Self.screenSize(launch)
        try await launch.waitUntil("enlightenment's first frame", process: server) {
            let pixel = Self.colour(
                of: launch.tool([
                    "import", "-display", launch.display, "-window", "root", "-crop", "1x1+\(width / 2)+\(height - 10)",
                    "-depth", "8", "txt:-",
                ]).output)
            return pixel != nil && pixel != "#000000"
        }
        // 0.27.1 opened no such dialog (measured: none in 15 s), and waiting for one cost 8 s.
        if chroot == nil, access("/proc/acpi", F_OK) == 0 { try await answerACPIDialog(launch, server: server) }
    }

    /// Waits (at most 8 s) for E's "ACPI Error" dialog and, if it comes, presses Return in it
    /// until no such dialog is left (bounded).
    private func answerACPIDialog(_ launch: DesktopLaunch, server: pid_t) async throws {
        let search = ["xdotool", "search", "--onlyvisible", "--name", "^ACPI Error$"]
        func dialog() -> String? { launch.tool(search).output.split(separator: "\n").first.map(String.init) }
        let appears = ContinuousClock.now + .seconds(8)
        var window = dialog()
        while window == nil && ContinuousClock.now < appears {
            try await Task.sleep(for: .milliseconds(100))
            window = dialog()
        }
        guard window != nil else { return }
        // The dialog's window can go between the search and the key (X's BadWindow): then it is
        // looked for again, until no dialog is left.
        func gone() -> Bool { !launch.tool(search).succeeded }
        let deadline = ContinuousClock.now + launch.timeout
        while !gone() {
            guard ProcessTag.isAlive(server) else {
                throw HarnessError("enlightenment exited while its ACPI Error dialog was open")
            }
            guard ContinuousClock.now < deadline else {
                throw HarnessError("enlightenment's ACPI Error dialog did not close after \(launch.timeout)")
            }
            if let window = dialog() {
                _ = launch.tool(["xdotool", "windowactivate", "--sync", window])
                _ = launch.tool(["xdotool", "key", "--window", window, "Return"])
            }
            let settle = ContinuousClock.now + .seconds(1)
            while !gone() && ContinuousClock.now < settle { try await Task.sleep(for: .milliseconds(50)) }
        }
    }

    /// The parent PID (field 4 of `/proc/PID/stat`, after the command name).
    private static func parent(of pid: pid_t) -> pid_t? {
        // try?: a process gone meanwhile has no parent to compare
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    /// The screen's size as xdpyinfo reports it ("dimensions:    1280x1024 pixels ...").
    private static func screenSize(_ launch: DesktopLaunch) throws -> (width: Int, height: Int) {
        let output = launch.tool(["xdpyinfo", "-display", launch.display]).output
        for line in output.split(separator: "\n") {
            let words = line.split(whereSeparator: \.isWhitespace)
            guard words.count > 1, words[0] == "dimensions:" else { continue }
            let sizes = words[1].split(separator: "x").compactMap { Int($0) }
            if sizes.count == 2 { return (sizes[0], sizes[1]) }
        }
        throw HarnessError("xdpyinfo -display \(launch.display) reported no screen dimensions")
    }

    /// The first `#RRGGBB` (upper-case hex) in ImageMagick's `txt:` output.
    private static func colour(of text: String) -> String? {
        let characters = Array(text)
        let hex = Set("0123456789ABCDEF")
        for (index, character) in characters.enumerated() where character == "#" && index + 6 < characters.count {
            let digits = characters[(index + 1)...(index + 6)]
            if digits.allSatisfy(hex.contains) { return "#" + String(digits) }
        }
        return nil
    }
}

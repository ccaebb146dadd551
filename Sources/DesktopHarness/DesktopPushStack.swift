import Foundation

/// The real UnifiedPush stack beside the server, when `DESKTOP_PUSH=kunifiedpush`: the push
/// server ntfy and KDE's distributor KUnifiedPush (`kunifiedpush-distributor`, which owns
/// `org.unifiedpush.Distributor.kde`), both from the sid chroot, on the desktop's own bus.
///
/// ntfy listens on a free port of 127.0.0.1 (loopback, no TLS), its cache (`push/ntfy`) in the
/// state directory. KUnifiedPush reads its settings from `push/kup-config/KDE/kunifiedpush-distributor.conf`
/// (a QSettings file), which names that ntfy: with no user file it would use the push server its
/// package ships (`https://unifiedpush.kde.org/`). The same file holds its clients and the id of
/// the last message it took. A namespace holder (`sleep infinity` in the chroot) keeps the chroot's
/// mount namespace when the server runs on the host, so that either part can be stopped and
/// started again (``PushStackPart``, `test-desktop push`). Exported: `DESKTOP_PUSH_URL` (ntfy's
/// base URL), `DESKTOP_PUSH_DISTRIBUTOR` (its bus name) and `DESKTOP_PUSH_CONFIG` (the file).
struct DesktopPushStack {
    let kind: String

    func start(_ launch: DesktopLaunch) async throws {
        guard kind == "kunifiedpush" else {
            throw HarnessError("DESKTOP_PUSH=\(kind): the only push stack is kunifiedpush (KUnifiedPush and ntfy)")
        }
        if let suite = ChrootNamespace.suite(of: launch.server), suite != "sid" {
            throw HarnessError("DESKTOP_PUSH needs the sid chroot; \(launch.server) runs in the \(suite) chroot")
        }
        let chroot = try launch.prepareChroot("sid")
        for program in ["/usr/bin/kunifiedpush-distributor", "/usr/bin/ntfy"]
        where access(chroot.root + program, X_OK) != 0 {
            throw HarnessError(
                "the sid chroot \(chroot.root) has no \(program): scripts/desktop/chroot/packages lists"
                    + " kunifiedpush and ntfy for sid; run scripts/desktop/chroot/build sid")
        }
        if launch.chroot?.namespacePID == nil {
            let holder = try launch.spawnInChroot(
                ["sleep", "infinity"], name: "chroot-namespace", log: "chroot-namespace.log")
            // The namespace's mounts are made before its first process enters the chroot: a
            // process joining it earlier would miss the state directory (ntfy exited so, once).
            let root = URL(fileURLWithPath: chroot.root).resolvingSymlinksInPath().path
            try await launch.waitUntil("the chroot's namespace", process: holder) {
                // try?: a process not yet in its chroot, or gone (reported by waitUntil)
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(holder)/root")) == root
            }
        }
        guard let namespace = launch.chroot?.namespacePID else { throw HarnessError("no chroot namespace") }
        let port = try PushStackPart.freePort()
        let url = "http://127.0.0.1:\(port)"
        let files = FileManager.default
        for directory in ["push/ntfy/attachments", "push/kup-config/KDE", "push/kup-home", "push/kup-runtime"] {
            try files.createDirectory(atPath: launch.path(directory), withIntermediateDirectories: true)
        }
        try files.setAttributes([.posixPermissions: 0o700], ofItemAtPath: launch.path("push/kup-runtime"))
        let config = launch.path("push/kup-config/KDE/kunifiedpush-distributor.conf")
        try launch.write("[PushProvider]\nType=Ntfy\n\n[Ntfy]\nUrl=\(url)\n", to: config)
        try launch.write("\(port)\n", to: "push/port")
        try launch.write(launch.busAddress, to: "push/bus")
        let enter = ["nsenter", "--mount=/proc/\(namespace)/ns/mnt", "--", "chroot", chroot.root, "env", "-i"]
        let server =
            enter + ["HOME=\(launch.path("push/ntfy"))"] + DesktopLaunch.chrootLocaleAndPath + [
                "ntfy", "serve", "--listen-http", "127.0.0.1:\(port)", "--base-url", url, "--cache-file",
                launch.path("push/ntfy/cache.db"), "--attachment-cache-dir", launch.path("push/ntfy/attachments"),
            ]
        let distributor =
            enter + [
                "HOME=\(launch.path("push/kup-home"))", "XDG_CONFIG_HOME=\(launch.path("push/kup-config"))",
                "XDG_RUNTIME_DIR=\(launch.path("push/kup-runtime"))", "DBUS_SESSION_BUS_ADDRESS=\(launch.busAddress)",
                "QT_LOGGING_RULES=org.kde.kunifiedpush.*=true",
            ] + DesktopLaunch.chrootLocaleAndPath + ["kunifiedpush-distributor"]
        try launch.write(server.joined(separator: "\n") + "\n", to: "push/server.command")
        try launch.write(distributor.joined(separator: "\n") + "\n", to: "push/distributor.command")
        try await PushStackPart("server", state: launch.state).start(timeout: launch.timeout)
        try await PushStackPart("distributor", state: launch.state).start(timeout: launch.timeout)
        launch.extraVariables += [
            ("DESKTOP_PUSH_URL", url), ("DESKTOP_PUSH_DISTRIBUTOR", PushStackPart.distributorName),
            ("DESKTOP_PUSH_CONFIG", config),
        ]
    }
}

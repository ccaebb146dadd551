import Foundation

/// Flatpak's session-bus proxy for one app, started the way `flatpak run` starts it: the real
/// `xdg-dbus-proxy` inside a `bwrap` sandbox of its own whose root holds the app's
/// `/.flatpak-info`, filtering with flatpak's default rules (own `APP.*`, call and hear the
/// portals) plus a `--talk` for each of `talk` (a manifest's `--talk-name`). Whoever asks the
/// bus which process owns a connection made through it gets the proxy's, and finds the app's
/// `.flatpak-info` behind its root, as xdg-desktop-portal and the agent do.
public final class FlatpakBusProxy: Sendable {
    /// The sandboxed app's id.
    public let app: String
    /// The proxy's socket, as a bus address for the app.
    public let address: String
    private let folder: TemporaryDirectory
    /// The app's `.flatpak-info`.
    private let info: String
    /// The sandbox's instance id, as `flatpak run` numbers them.
    private let instance = String(UInt32.random(in: 1_000_000...UInt32.max))
    private let process: ChildProcess

    /// Starts the proxy for `app` in front of the bus at `busAddress` and waits (bounded) for
    /// its socket.
    public init(app: String, busAddress: String, talk: [String] = []) async throws {
        self.app = app
        folder = try TemporaryDirectory("flatpak-proxy")
        info = folder.path + "/flatpak-info"
        try """
        [Application]
        name=\(app)
        runtime=runtime/org.freedesktop.Platform/x86_64/24.08

        [Instance]
        instance-id=\(instance)
        session-bus-proxy=true

        """.write(toFile: info, atomically: true, encoding: .utf8)
        let socket = folder.path + "/bus"
        address = "unix:path=\(socket)"
        let filter =
            [
                "--filter", "--own=\(app).*", "--own=org.mpris.MediaPlayer2.\(app).*",
                "--call=org.freedesktop.portal.*=*",
                "--broadcast=org.freedesktop.portal.*=@/org/freedesktop/portal/*",
            ] + talk.map { "--talk=\($0)" }
        process = try ChildProcess(
            "/usr/bin/bwrap",
            try Self.hostRoot() + [
                "--die-with-parent", "--ro-bind", folder.path + "/flatpak-info", "/.flatpak-info", "--",
            ]
                + ["/usr/bin/xdg-dbus-proxy", busAddress, socket] + filter)
        let process = process
        try await Eventually.wait(timeout: .seconds(10), "xdg-dbus-proxy's socket \(socket)") {
            if process.hasExited {
                throw TestSupportError("bwrap or xdg-dbus-proxy exited: \(process.standardError)")
            }
            return FileManager.default.fileExists(atPath: socket)
        }
    }

    deinit { process.stop(grace: 1) }

    /// Starts `executable` as the sandboxed app: in a sandbox of its own (a new pid namespace,
    /// the host's files, the app's `/.flatpak-info`), its session bus the proxy.
    ///
    /// - Parameters:
    ///   - portalRuntime: the portal's `XDG_RUNTIME_DIR`, for a portal (1.17 and later) that
    ///     refuses a sandboxed caller without `.flatpak/INSTANCE/bwrapinfo.json` there: bwrap
    ///     writes it (`--info-fd`), as under `flatpak run`.
    ///   - desktopEntry: a desktop entry to install as the app's own,
    ///     `/app/share/applications/APP.desktop`.
    public func start(
        _ executable: String, _ arguments: [String], environment: [String: String], portalRuntime: String? = nil,
        desktopEntry: String? = nil
    ) throws -> ChildProcess {
        let command = try sandboxed(
            executable, arguments, environment: environment, portalRuntime: portalRuntime, desktopEntry: desktopEntry)
        return try ChildProcess(command.program, command.arguments, environment: command.environment)
    }

    /// Writes an executable script at `path` that starts `executable` as ``start(_:_:environment:portalRuntime:desktopEntry:)``
    /// does, in the environment given (whoever runs the script): what `flatpak run` is to the
    /// D-Bus service file flatpak exports for an app, which the bus runs to start the app.
    /// Its standard output and error are appended to `output`.
    public func writeLauncher(
        to path: String, _ executable: String, _ arguments: [String], environment: [String: String],
        portalRuntime: String? = nil, desktopEntry: String? = nil, output: String
    ) throws {
        // Not --die-with-parent: the bus starts a service through a helper process that exits once
        // the service has its name, and the app would be killed with it (as `flatpak run`, the
        // app outlives what started it).
        let command = try sandboxed(
            executable, arguments, environment: environment, portalRuntime: portalRuntime, desktopEntry: desktopEntry,
            diesWithParent: false)
        func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let variables = command.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let script =
            "#!/bin/sh\nexec >>\(quoted(output)) 2>&1\nexec env -i "
            + (variables + [command.program] + command.arguments).map(quoted).joined(separator: " ") + "\n"
        try ExecutableScript.write(script, to: path)
    }

    /// The command that runs `executable` in the app's sandbox.
    private func sandboxed(
        _ executable: String, _ arguments: [String], environment: [String: String], portalRuntime: String?,
        desktopEntry: String?, diesWithParent: Bool = true
    ) throws -> (program: String, arguments: [String], environment: [String: String]) {
        var environment = environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        // as `flatpak run` sets it: the app's own data first
        environment["XDG_DATA_DIRS"] = "/app/share:/usr/share"
        var sandbox =
            ["--ro-bind", info, "/.flatpak-info", "--unshare-pid"] + (diesWithParent ? ["--die-with-parent"] : [])
        if let desktopEntry {
            let applications = folder.path + "/app/share/applications"
            try FileManager.default.createDirectory(atPath: applications, withIntermediateDirectories: true)
            let copy = applications + "/\(app).desktop"
            // try?: no earlier copy to replace
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: desktopEntry, toPath: copy)
            sandbox += ["--ro-bind", folder.path + "/app", "/app"]
        }
        let bwrap = (try Self.hostRoot()) + sandbox
        guard let portalRuntime else {
            return ("/usr/bin/bwrap", bwrap + ["--", executable] + arguments, environment)
        }
        let instanceFolder = "\(portalRuntime)/.flatpak/\(instance)"
        try FileManager.default.createDirectory(atPath: instanceFolder, withIntermediateDirectories: true)
        // The shell opens the file as descriptor 3 and becomes bwrap, which writes it.
        return (
            "/bin/sh",
            ["-c", "exec \"$@\" 3>\"$0\"", instanceFolder + "/bwrapinfo.json", "/usr/bin/bwrap"] + bwrap
                + ["--info-fd", "3", "--", executable] + arguments, environment
        )
    }

    /// The host's root as flatpak rebuilds it for the proxy: each top-level entry bound on a
    /// fresh root (symbolic links as links; `/tmp`, `/var` and `/run` writable), so that
    /// `/.flatpak-info` can be added beside them.
    private static func hostRoot() throws -> [String] {
        var arguments: [String] = []
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/").sorted() {
            let path = "/" + entry
            // try?: an entry that is no symbolic link is bound below
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                arguments += ["--symlink", target, path]
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                continue
            }
            switch entry {
            case "proc": arguments += ["--proc", "/proc"]
            case "dev": arguments += ["--dev-bind", "/dev", "/dev"]
            case "tmp", "var", "run": arguments += ["--bind", path, path]
            default: arguments += ["--ro-bind", path, path]
            }
        }
        return arguments
    }
}

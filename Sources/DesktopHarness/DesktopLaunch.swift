import DBus
import Foundation
import Glibc

/// One desktop being started: its state directory, the environment its processes inherit, what
/// it has started so far and what it will export. Recipes (``DesktopRecipe``) add their
/// server's processes through it.
final class DesktopLaunch {
    static let notificationsName = "org.freedesktop.Notifications"

    let server: String
    /// The state directory (absolute): configs, logs, the `pids`, `env` and `env.plain` files.
    let state: String
    /// Where sockets go: `state`, or a short directory in /tmp when `state` is too deep for a
    /// Unix socket path (107 bytes).
    let socketDirectory: String
    let packageRoot: String
    let knobs: DesktopKnobs
    let timeout: Duration
    let wantsX: Bool
    let wantsCompositor: Bool
    /// The variables every process of the desktop inherits: the caller's, with the bus and the
    /// display once they run.
    var environment: [String: String]

    var bus: DBusConnection?
    var busAddress = ""
    var display = ""
    var pulseAddress = ""
    var busPID: pid_t?
    var xvfbPID: pid_t?
    var pulsePID: pid_t?
    /// The process that must own org.freedesktop.Notifications.
    var serverPID: pid_t?
    var waylandSocket = ""
    var swaySocket = ""
    /// Windows that are no popup (Plasma's applet window), left out when popups are counted.
    var backgroundWindows: [String] = []
    /// More variables to export (a server's own control tool, its settings backend).
    var extraVariables: [(String, String)] = []
    /// The chroot namespace of a server of a newer Debian, once its first process runs.
    var chroot: ChrootNamespace?

    init(
        server: String, state: String, socketDirectory: String, packageRoot: String, recipe: any DesktopRecipe,
        environment: [String: String]
    ) {
        self.server = server
        self.state = state
        self.socketDirectory = socketDirectory
        self.packageRoot = packageRoot
        knobs = DesktopKnobs(environment: environment)
        timeout = .seconds(knobs.timeoutSeconds)
        wantsX = knobs.flag("DESKTOP_X", default: !recipe.runsWithoutX)
        wantsCompositor = wantsX && knobs.flag("DESKTOP_COMPOSITOR", default: recipe.needsCompositor)
        self.environment = environment
    }

    /// The knobs a reused desktop must have been started with.
    var configuration: String {
        "x=\(wantsX ? 1 : 0) comp=\(wantsCompositor ? 1 : 0) pulse=\(knobs.pulse ? 1 : 0) screen=\(knobs.screen)"
            + " dunst_limit=\(knobs.dunstLimit) dbusmock_caps=\(knobs.dbusmockCapabilities)"
            + " swaync_timeout=\(knobs.swayncTimeout) portal=\(knobs.portal) push=\(knobs.push)"
            + " phosh_locked=\(knobs.phoshLocked ? 1 : 0)"
    }

    func path(_ name: String) -> String { "\(state)/\(name)" }

    /// A program of the project's `scripts/desktop` (the click and screenshot readers).
    func script(_ name: String) -> String { "\(packageRoot)/scripts/desktop/\(name)" }

    /// Fails, naming the Debian package, when `binary` is not installed.
    func need(_ binary: String, _ package: String) throws {
        let found: Bool
        if binary.hasPrefix("/") {
            found = access(binary, X_OK) == 0
        } else {
            // try?: a binary not found in PATH is reported as missing just below
            found = (try? DetachedSpawn.resolve(binary, path: environment["PATH"] ?? "/usr/bin:/bin")) != nil
        }
        guard found else { throw HarnessError.missing(binary, package: package) }
    }

    func write(_ contents: String, to name: String) throws {
        try contents.write(toFile: name.hasPrefix("/") ? name : path(name), atomically: false, encoding: .utf8)
    }

    /// Starts `command` detached with the desktop's environment, `overrides` applied (nil
    /// removes a variable), its output in `log` (a name in the state directory), and records it
    /// in `pids` as `name`.
    @discardableResult
    func spawn(
        _ command: [String], name: String, log: String, overrides: [String: String?] = [:],
        descriptor3: String? = nil
    ) throws -> pid_t {
        var variables = environment
        for (key, value) in overrides { variables[key] = value }
        let pid = try DetachedSpawn.start(
            command, environment: variables, log: path(log), descriptor3: descriptor3.map(path))
        try started(pid, name: name)
        return pid
    }

    /// Records one started process in `pids` as soon as it exists.
    func started(_ pid: pid_t, name: String) throws {
        guard let tag = ProcessTag(pid: pid) else {
            throw HarnessError("\(name) (pid \(pid)) exited at once: see the logs in \(state)")
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path("pids")))
        // try?: closing a file just appended to loses nothing written
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\(tag) \(name)\n".utf8))
    }

    /// Waits until `condition` holds; fails when process `pid` exits first or the deadline passes.
    func waitUntil(
        _ what: String, process pid: pid_t?, timeout: Duration? = nil, _ condition: () async throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + (timeout ?? self.timeout)
        while try await !condition() {
            if let pid, !ProcessTag.isAlive(pid) { throw HarnessError("\(what): process \(pid) exited") }
            guard ContinuousClock.now < deadline else {
                throw HarnessError("\(what): not ready after \(timeout ?? self.timeout)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Whether file `name` has a first line, ended.
    func hasLine(_ name: String) -> Bool {
        // try?: a file not (yet) written has no line: the caller waits on
        guard let text = try? String(contentsOfFile: path(name), encoding: .utf8) else { return false }
        return text.hasSuffix("\n")
    }

    func firstLine(_ name: String) -> String {
        // try?: a file not (yet) written has no first line
        let text = (try? String(contentsOfFile: path(name), encoding: .utf8)) ?? ""
        return String(text.prefix { $0 != "\n" })
    }

    /// The PID of the process owning `name` on the private bus, nil when nobody owns it.
    func ownerPID(of name: String) async -> pid_t? {
        // try?: an invalid name has no owner
        guard let bus, let busName = try? BusName(validating: name),
            // try?: a name nobody owns yet has no process: the caller waits on
            let pid = try? await bus.processID(of: busName)
        else { return nil }
        return pid_t(pid)
    }

    /// Waits until process `pid` owns `name` (not another process).
    func waitForOwner(_ name: String, process pid: pid_t, what: String) async throws {
        var owner: pid_t?
        try await waitUntil("\(what) owning \(name)", process: pid) {
            owner = await ownerPID(of: name)
            return owner != nil
        }
        guard owner == pid else { throw HarnessError("\(name) is owned by pid \(owner ?? 0), not by \(what) (\(pid))") }
    }

    /// Runs a short-lived tool with the desktop's environment.
    func tool(_ command: [String], overrides: [String: String?] = [:], timeout: Duration = .seconds(10)) -> ToolRun {
        var variables = environment
        for (key, value) in overrides { variables[key] = value }
        return ToolRun.run(command, environment: variables, timeout: timeout)
    }
}

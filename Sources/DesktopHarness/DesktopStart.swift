import DBus
import Foundation
import Glibc

/// Starts a private, headless desktop for tests, the demo and the benchmarks, and waits
/// (bounded) until it is usable: a private dbus-daemon (an empty service directory: nothing
/// installed is ever activated on it), Xvfb on a free display, optionally xcompmgr and a
/// PulseAudio null sink, and the notification server, which must end up owning
/// org.freedesktop.Notifications with its own PID.
///
/// A state directory already holding a healthy desktop of the same server and knobs is reused;
/// a stale, broken or differently configured one is stopped first. On failure everything
/// started is stopped and the logs' tails are in the error.
public enum DesktopStart {
    /// Starts `server` in `stateDirectory` and returns the text of its `env` file.
    public static func run(
        server: String, stateDirectory: String, packageRoot: String, environment: [String: String]
    ) async throws -> String {
        guard let recipe = DesktopCatalogue.recipe(for: server) else {
            throw HarnessError("unknown server '\(server)'; one of: \(DesktopCatalogue.names.joined(separator: " "))")
        }
        try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        let state = URL(fileURLWithPath: stateDirectory).standardizedFileURL.path
        var socketDirectory = state
        let probe = DesktopLaunch(
            server: server, state: state, socketDirectory: state, packageRoot: packageRoot, recipe: recipe,
            environment: environment)
        if let reused = await reusable(probe) { return reused }
        let files = FileManager.default
        if files.fileExists(atPath: "\(state)/pids") || files.fileExists(atPath: "\(state)/env") {
            // try?: a failed stop of a stale desktop shows again as a start that fails
            _ = try? DesktopTeardown.run(stateDirectory: state, environment: environment)
        }
        try prepareDirectory(state)
        // Unix socket paths are limited to 107 bytes.
        if state.utf8.count > 90 {
            var template = Array("/tmp/unotify-desktop.XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else { throw HarnessError("cannot make a socket directory in /tmp") }
            socketDirectory = String(cString: made)
            try (socketDirectory + "\n").write(toFile: "\(state)/sockdir", atomically: false, encoding: .utf8)
        }
        let launch = DesktopLaunch(
            server: server, state: state, socketDirectory: socketDirectory, packageRoot: packageRoot, recipe: recipe,
            environment: environment)
        do {
            return try await start(launch, recipe: recipe)
        } catch {
            let tails = ["server.log", "shell.log", "bus.log", "xvfb.log"].compactMap { name -> String? in
                // try?: a log not written has no tail to show
                guard let text = try? String(contentsOfFile: "\(state)/\(name)", encoding: .utf8), !text.isEmpty
                else { return nil }
                return "--- \(name):\n" + text.split(separator: "\n").suffix(15).joined(separator: "\n")
            }
            // try?: the failure being reported matters more than one of stopping
            _ = try? DesktopTeardown.run(stateDirectory: state, environment: environment)
            throw HarnessError(
                "test-desktop up \(server): \(error); logs in \(state)\n" + tails.joined(separator: "\n"))
        }
    }

    private static func start(_ launch: DesktopLaunch, recipe: any DesktopRecipe) async throws -> String {
        try launch.need("dbus-daemon", "dbus-daemon")
        if launch.wantsX {
            try launch.need("Xvfb", "xvfb")
            try launch.need("xdpyinfo", "x11-utils")
        }
        if launch.wantsCompositor {
            try launch.need("xcompmgr", "xcompmgr")
            try launch.need("xwininfo", "x11-utils")
        }
        if launch.knobs.pulse {
            try launch.need("pulseaudio", "pulseaudio")
            try launch.need("pactl", "pulseaudio-utils")
        }
        for (binary, package) in recipe.requirements { try launch.need(binary, package) }
        let startedAt = ContinuousClock.now
        try await PrivateBus.startSession(in: launch)
        let busReady = ContinuousClock.now
        if launch.wantsX {
            try await VirtualDisplay.start(in: launch)
        } else {
            launch.environment["DISPLAY"] = nil
        }
        let displayReady = ContinuousClock.now
        if launch.wantsCompositor { try await VirtualDisplay.startCompositor(in: launch) }
        if launch.knobs.pulse { try await PrivateSoundServer.start(in: launch) }
        let extrasReady = ContinuousClock.now
        try await recipe.start(launch)
        if let pid = launch.serverPID {
            try await launch.waitForOwner(DesktopLaunch.notificationsName, process: pid, what: launch.server)
        }
        if !launch.knobs.portal.isEmpty { try await DesktopPortal(backend: launch.knobs.portal).start(launch) }
        if !launch.knobs.push.isEmpty { try await DesktopPushStack(kind: launch.knobs.push).start(launch) }
        let serverReady = ContinuousClock.now
        let file = environmentFile(launch, startup: serverReady - startedAt)
        var timing = file
        timing.comments = [
            "written by test-desktop up \(launch.server); stop with test-desktop down \(launch.state)",
            "startup ms: bus=\(milliseconds(busReady - startedAt)) xvfb=\(milliseconds(displayReady - busReady))"
                + " extras=\(milliseconds(extrasReady - displayReady)) server=\(milliseconds(serverReady - extrasReady))",
        ]
        try file.plainText.write(toFile: launch.path("env.plain"), atomically: false, encoding: .utf8)
        try timing.shellText.write(toFile: launch.path("env.tmp"), atomically: false, encoding: .utf8)
        guard rename(launch.path("env.tmp"), launch.path("env")) == 0 else {
            throw HarnessError("cannot write \(launch.path("env"))")
        }
        return timing.shellText
    }

    private static func environmentFile(_ launch: DesktopLaunch, startup: Duration) -> EnvironmentFile {
        var variables: [(String, String)] = [
            ("DBUS_SESSION_BUS_ADDRESS", launch.busAddress), ("DISPLAY", launch.display),
            ("WAYLAND_DISPLAY", launch.waylandSocket), ("SWAYSOCK", launch.swaySocket),
            ("PULSE_SERVER", launch.pulseAddress), ("NO_AT_BRIDGE", "1"), ("DESKTOP_STATE_DIR", launch.state),
            ("DESKTOP_SERVER", launch.server), ("DESKTOP_SCRIPTS", launch.script("").dropLastSlash),
            ("DESKTOP_SERVER_PID", launch.serverPID.map(String.init) ?? ""),
            ("DESKTOP_BUS_PID", launch.busPID.map(String.init) ?? ""),
            ("DESKTOP_XVFB_PID", launch.xvfbPID.map(String.init) ?? ""),
            ("DESKTOP_PULSE_PID", launch.pulsePID.map(String.init) ?? ""),
            ("DESKTOP_CONFIG", launch.configuration), ("DESKTOP_STARTUP_MS", String(milliseconds(startup))),
            ("DESKTOP_BACKGROUND_WINDOWS", launch.backgroundWindows.joined(separator: " ")),
        ]
        variables += launch.extraVariables
        return EnvironmentFile(variables: variables)
    }

    /// The `env` text of a healthy desktop of the same server and knobs in `launch.state`.
    private static func reusable(_ launch: DesktopLaunch) async -> String? {
        // try?: no env file: no desktop to reuse
        guard let env = try? String(contentsOfFile: launch.path("env"), encoding: .utf8),
            // try?: no env.plain: no desktop to reuse
            let plain = try? String(contentsOfFile: launch.path("env.plain"), encoding: .utf8),
            // try?: no pids file: no desktop to reuse
            let pids = try? String(contentsOfFile: launch.path("pids"), encoding: .utf8)
        else { return nil }
        let variables = EnvironmentFile.parsePlain(plain)
        guard variables["DESKTOP_SERVER"] == launch.server, variables["DESKTOP_CONFIG"] == launch.configuration,
            let address = variables["DBUS_SESSION_BUS_ADDRESS"]
        else { return nil }
        for line in pids.split(separator: "\n") {
            guard let first = line.split(separator: " ").first, let tag = ProcessTag(text: first), tag.isAlive
            else { return nil }
        }
        launch.busAddress = address
        // try?: a bus that does not answer: the desktop is not reused but started anew
        guard let bus = try? await DBusConnection.connect(address: address) else { return nil }
        launch.bus = bus
        // try?: a bus that does not answer: the desktop is not reused but started anew
        if launch.server == "none" { return (try? await PrivateBus.ping(bus)) != nil ? env : nil }
        let owner = await launch.ownerPID(of: DesktopLaunch.notificationsName)
        return owner.map(String.init) == variables["DESKTOP_SERVER_PID"] ? env : nil
    }

    private static func prepareDirectory(_ state: String) throws {
        let files = FileManager.default
        for name in ["services", "xdg-runtime", "config", "cache", "data"] {
            try files.createDirectory(atPath: "\(state)/\(name)", withIntermediateDirectories: true)
        }
        chmod("\(state)/xdg-runtime", 0o700)
        // try?: an empty or missing entry is what is wanted
        for entry in (try? files.contentsOfDirectory(atPath: "\(state)/services")) ?? [] {
            // try?: an entry already gone is what was wanted
            try? files.removeItem(atPath: "\(state)/services/\(entry)")
        }
        // try?: an unreadable directory holds no stale file to remove
        let stale = (try? files.contentsOfDirectory(atPath: state)) ?? []
        for entry in stale
        where entry.hasSuffix(".log") || entry.hasPrefix("dunst-pick")
            || ["env", "env.plain", "pids", "bus", "bus.address", "display", "sockdir", "pulse.sock"].contains(entry)
        {
            // try?: an entry already gone is what was wanted
            try? files.removeItem(atPath: "\(state)/\(entry)")
        }
        try "".write(toFile: "\(state)/pids", atomically: false, encoding: .utf8)
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}

extension String {
    fileprivate var dropLastSlash: String { hasSuffix("/") ? String(dropLast()) : self }
}

extension DesktopStart {
    /// The servers ``run(server:stateDirectory:packageRoot:environment:)`` knows.
    public static var serverNames: [String] { DesktopCatalogue.names }
}

import Foundation
import TestSupport

/// The README's Tea app as an app ships (`tea-alone`), started in the sandbox of `proxy` on a
/// test desktop: its id from `FLATPAK_ID`, a state folder of its own, no unotify anywhere.
struct SandboxedTea {
    let process: ChildProcess
    private let alone: LoneExecutable
    private let state: TemporaryDirectory

    /// Starts `tea-alone MODE…` (`arguments`; none: ask, show, wait for the answer).
    init(
        in proxy: FlatpakBusProxy, on desktop: TestDesktop, _ arguments: [String] = [], portalRuntime: String? = nil,
        desktopEntry: String? = nil
    ) throws {
        state = try TemporaryDirectory("portal-app-state")
        alone = try LoneExecutable(product: "tea-alone")
        process = try proxy.start(
            alone.path, arguments, environment: Self.environment(on: desktop, app: proxy.app, state: state.path),
            portalRuntime: portalRuntime, desktopEntry: desktopEntry)
    }

    /// The app's environment on `desktop`, its state in `state`, nothing of unotify's.
    static func environment(on desktop: TestDesktop, app: String, state: String) -> [String: String] {
        var environment = desktop.environment
        environment["FLATPAK_ID"] = app
        environment["XDG_STATE_HOME"] = state
        environment["PATH"] = "/usr/bin:/bin"
        environment["UNOTIFY_AGENT"] = nil
        environment["UNOTIFY_APP_ID"] = nil
        return environment
    }

    /// Installs this app as flatpak exports a `DBusActivatable` one: a D-Bus service file for
    /// the app's id on `desktop`'s bus, whose command starts `tea-alone MODE…` (`arguments`) in
    /// a sandbox like this one, with the same state; what it prints goes to `output`.
    func installActivation(
        in proxy: FlatpakBusProxy, on desktop: TestDesktop, _ arguments: [String], portalRuntime: String?,
        desktopEntry: String?, output: String
    ) throws {
        let launcher = state.path + "/launch-\(proxy.app)"
        try proxy.writeLauncher(
            to: launcher, alone.path, arguments,
            environment: Self.environment(on: desktop, app: proxy.app, state: state.path),
            portalRuntime: portalRuntime, desktopEntry: desktopEntry, output: output)
        try "[D-BUS Service]\nName=\(proxy.app)\nExec=\(launcher)\n".write(
            to: desktop.stateDirectory.appendingPathComponent("services/\(proxy.app).service"), atomically: true,
            encoding: .utf8)
    }

    /// What the app keeps in its state folder (`unotify/NAME`), for a failure's message.
    func stateFile(_ name: String) -> String {
        // try?: a file not there is said so
        (try? String(contentsOfFile: state.path + "/unotify/" + name, encoding: .utf8)) ?? "(no \(name))"
    }

    /// The rows of `table` in the app's store, for a failure's message.
    func storeRows(_ table: String) -> String {
        do {
            return "\(try AgentStoreFile(directory: state.url.appendingPathComponent("unotify")).rows(of: table))"
        } catch {
            return "(\(table): \(error))"
        }
    }

    /// Stops the app (if it still runs).
    func stop() { process.stop(grace: 1) }
}

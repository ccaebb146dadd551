import Foundation
import TestSupport

/// The README's Tea app as an app ships (`tea-alone`), started in the sandbox of `proxy` on a
/// test desktop: its id from `FLATPAK_ID`, a state folder of its own, no unotify anywhere.
struct SandboxedTea {
    let process: ChildProcess
    private let alone: LoneExecutable
    private let state: TemporaryDirectory

    init(
        in proxy: FlatpakBusProxy, on desktop: TestDesktop, portalRuntime: String? = nil, desktopEntry: String? = nil
    ) throws {
        state = try TemporaryDirectory("portal-app-state")
        alone = try LoneExecutable(product: "tea-alone")
        var environment = desktop.environment
        environment["FLATPAK_ID"] = proxy.app
        environment["XDG_STATE_HOME"] = state.path
        environment["PATH"] = "/usr/bin:/bin"
        environment["UNOTIFY_AGENT"] = nil
        environment["UNOTIFY_APP_ID"] = nil
        process = try proxy.start(
            alone.path, [], environment: environment, portalRuntime: portalRuntime, desktopEntry: desktopEntry)
    }

    /// Stops the app (if it still runs).
    func stop() { process.stop(grace: 1) }
}

import DBus
import Foundation

/// The `unotifyd` binary the tests run: built next to the test bundle, or the installed one
/// (``PackageRoot/productDirectory``).
public enum UNotifyDaemonProcess {
    public static var path: String {
        PackageRoot.productDirectory.appendingPathComponent("unotifyd").path
    }

    /// Starts `unotifyd` on `bus` with its state in `stateDirectory` (as `XDG_STATE_HOME`) and
    /// waits (bounded) until it owns `org.unotify.Agent`, seen from `watcher`; `extraEnvironment`
    /// is added to its environment (for example `TZ`, or libfaketime's variables).
    public static func startOwningName(
        on bus: PrivateBus, stateDirectory: String, watcher: DBusConnection, extraEnvironment: [String: String] = [:]
    ) async throws -> ChildProcess {
        var environment = bus.environment.merging(extraEnvironment) { $1 }
        environment["XDG_STATE_HOME"] = stateDirectory
        environment["UNOTIFY_DESKTOP_SETTINGS"] = extraEnvironment["UNOTIFY_DESKTOP_SETTINGS"] ?? "none"
        let agent = try ChildProcess(path, [], environment: environment)
        try await Eventually.wait(timeout: .seconds(10), "the agent owns org.unotify.Agent") {
            try await watcher.nameOwner(of: "org.unotify.Agent") != nil
        }
        return agent
    }
}

import Foundation

/// Runs the built `unotify` binary, as a user's script would.
public enum UNotifyProcess {
    /// The path of the `unotify` binary the tests run: built next to the test bundle, or the
    /// installed one (``PackageRoot/productDirectory``).
    public static var path: String {
        PackageRoot.productDirectory.appendingPathComponent("unotify").path
    }

    /// Starts `unotify ARGUMENTS` on the bus at `address` (nil: no session bus at all).
    public static func start(_ arguments: [String], busAddress: String?, extraEnvironment: [String: String] = [:])
        throws
        -> ChildProcess
    {
        var environment = ProcessInfo.processInfo.environment.merging(extraEnvironment) { $1 }
        // The agent it starts keeps to its own settings store unless a test names a desktop's:
        // never the settings of the desktop the tests happen to run in.
        environment["UNOTIFY_DESKTOP_SETTINGS"] = extraEnvironment["UNOTIFY_DESKTOP_SETTINGS"] ?? "none"
        environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress
        if busAddress == nil { environment["XDG_RUNTIME_DIR"] = "/nonexistent" }
        return try ChildProcess(path, arguments, environment: environment)
    }

    /// Runs `unotify ARGUMENTS` to completion (bounded) and returns its exit code and output.
    public static func run(
        _ arguments: [String], busAddress: String?, extraEnvironment: [String: String] = [:],
        timeout: TimeInterval = 20
    ) async throws -> (status: Int32, stdout: String, stderr: String) {
        let process = try start(arguments, busAddress: busAddress, extraEnvironment: extraEnvironment)
        let status = try await process.wait(timeout: timeout)
        return (status, process.standardOutput, process.standardError)
    }
}

import Foundation

/// A private `dbus-daemon` for one test: its own socket, no service activation.
///
/// A missing `dbus-daemon` is a failure, never a skip.
public final class PrivateBus: @unchecked Sendable {
    public let address: String
    public let directory: URL
    private let process: ChildProcess

    /// Starts a bus and waits (bounded) until it prints its address.
    public init(timeout: TimeInterval = 10) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("unotify-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("services"), withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("bus.conf")
        try Self.configuration(
            socket: directory.appendingPathComponent("bus").path,
            services: directory.appendingPathComponent("services").path
        )
        .write(to: config, atomically: true, encoding: .utf8)
        process = try ChildProcess(
            "/usr/bin/dbus-daemon", ["--config-file=\(config.path)", "--nofork", "--print-address=1"])
        address = try process.waitForLineBlocking(timeout: timeout) { $0.hasPrefix("unix:") }
    }

    deinit { stop() }

    /// Stops the bus daemon and removes its directory.
    public func stop() {
        process.stop()
        // try?: a temporary folder left behind is removed with the system's /tmp
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops the bus daemon (SIGSTOP): it keeps its socket and answers nothing until ``resume()``.
    public func pause() { process.send(SIGSTOP) }

    /// Lets a paused bus daemon run again (SIGCONT).
    public func resume() { process.send(SIGCONT) }

    /// The environment a child process needs to use this bus as its session bus.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        // An agent started on it keeps to its own settings store: never the running desktop's.
        environment["UNOTIFY_DESKTOP_SETTINGS"] = "none"
        return environment
    }

    /// The repository's private-bus template, `dbus/session-bus.conf.in`, filled in.
    static func configuration(socket: String, services: String) throws -> String {
        let template = try String(
            contentsOf: PackageRoot.url.appendingPathComponent("dbus/session-bus.conf.in"), encoding: .utf8)
        return template.replacingOccurrences(of: "@SOCKET_PATH@", with: socket)
            .replacingOccurrences(of: "@SERVICE_DIR@", with: services)
    }
}

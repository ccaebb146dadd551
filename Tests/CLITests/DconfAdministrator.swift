import DBus
import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// GSettings on dconf as a GNOME desktop has it, with an administrator's system database: the
/// keyfiles (and `locks/`) compiled by the real `dconf compile`, named after the user's database
/// in a dconf profile (`file-db:`, so no file in /etc is needed), and the real `dconf-service`
/// on the session's private bus, which writes the user's database
/// (`$XDG_CONFIG_HOME/dconf/user`) as it does on a desktop.
struct DconfAdministrator {
    let session: GnomeSettingsProcessTests.Session
    let directory: TemporaryDirectory
    let runtime: TemporaryDirectory
    /// The real `dconf-service`; none when started `withoutService`.
    let service: ChildProcess?
    /// The variables of GSettings on this dconf (over the session's own).
    let environment: [String: String]

    /// `defaults`: the system database's keyfile text; `locks`: the keys locked in it;
    /// `withoutService`: no `dconf-service` (every write of the user's is lost).
    init(
        defaults: String, locks: [String] = [], withoutService: Bool = false,
        session: GnomeSettingsProcessTests.Session
    ) async throws {
        self.session = session
        directory = try TemporaryDirectory("unotify-dconf-admin")
        let keyfiles = directory.url.appendingPathComponent("admin.d")
        try FileManager.default.createDirectory(
            at: keyfiles.appendingPathComponent("locks"), withIntermediateDirectories: true)
        try Data(defaults.utf8).write(to: keyfiles.appendingPathComponent("00-admin"))
        try Data(locks.map { $0 + "\n" }.joined().utf8).write(to: keyfiles.appendingPathComponent("locks/00-locks"))
        let database = directory.url.appendingPathComponent("admin").path
        let compile = try ChildProcess("/usr/bin/dconf", ["compile", database, keyfiles.path])
        guard try await compile.wait(timeout: 10) == 0 else {
            throw TestSupportError("dconf compile failed: \(compile.standardError)")
        }
        let profile = directory.url.appendingPathComponent("profile")
        try Data("user-db:user\nfile-db:\(database)\n".utf8).write(to: profile)
        runtime = try TemporaryDirectory("unotify-runtime")
        chmod(runtime.path, 0o700)
        var environment = session.environment
        environment["GSETTINGS_BACKEND"] = "dconf"
        environment["DCONF_PROFILE"] = profile.path
        environment["XDG_RUNTIME_DIR"] = runtime.path
        self.environment = environment
        guard !withoutService else {
            service = nil
            return
        }
        let service = try ChildProcess(
            "/usr/libexec/dconf-service", [], environment: session.bus.environment.merging(environment) { $1 })
        self.service = service
        let watcher = try DBusConnection(address: session.bus.address)
        try await Eventually.wait(timeout: .seconds(10), "dconf-service owns ca.desrt.dconf") {
            try await watcher.nameOwner(of: "ca.desrt.dconf") != nil
        }
    }

    /// Runs the real `gsettings` on this dconf, as GNOME Settings reads it; its output, trimmed.
    func gsettings(_ arguments: [String]) async throws -> String {
        try await GnomeSettingsProcessTests.Session.gsettings(arguments, environment: environment)
    }

    /// Starts `unotifyd` on the session's bus with GSettings on this dconf; returns once it owns its name.
    func startAgent() async throws -> ChildProcess {
        try await UNotifyDaemonProcess.startOwningName(
            on: session.bus, stateDirectory: session.state.path,
            watcher: try DBusConnection(address: session.bus.address), extraEnvironment: environment)
    }

    /// Runs `unotify ARGUMENTS` on the session's bus with GSettings on this dconf.
    func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await UNotifyProcess.run(arguments, busAddress: session.bus.address, extraEnvironment: environment)
    }

    func stop() { service?.stop() }
}

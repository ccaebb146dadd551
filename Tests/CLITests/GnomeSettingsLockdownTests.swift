import DBus
import Foundation
import Testing
import TestSupport

/// An administrator's dconf settings (a system database, `dconf compile`, named in a dconf
/// profile): a locked `enable=false`, and an unlocked default `enable=false`, are what GNOME
/// Shell obeys, so the agent reads them as denials, whatever its own store and the user's
/// values say.
@Suite(.serialized, .timeLimit(.minutes(2))) struct GnomeSettingsLockdownTests {
    @Test func anAdministratorsDenialCountsLockedOrAsTheDefault() async throws {
        let session = try await GnomeSettingsProcessTests.Session()
        let watcher = try DBusConnection(address: session.bus.address)
        // Allowed by the user, with GSettings' keyfile backend (no administrator yet).
        let first = try await UNotifyDaemonProcess.startOwningName(
            on: session.bus, stateDirectory: session.state.path, watcher: watcher,
            extraEnvironment: session.environment)
        for app in ["org.example.Tea", "org.example.Milk", "org.example.Free"] {
            #expect(try await session.unotify(["settings", app, "allow"]).status == 0)
        }
        first.stop()
        _ = try await first.wait(timeout: 10)

        // The administrator's database: Tea's enable locked false, Milk's defaulting to false.
        let admin = try TemporaryDirectory("unotify-dconf-admin")
        let keyfiles = admin.url.appendingPathComponent("admin.d")
        try FileManager.default.createDirectory(
            at: keyfiles.appendingPathComponent("locks"), withIntermediateDirectories: true)
        try Data(
            """
            [org/gnome/desktop/notifications/application/org-example-tea]
            enable=false

            [org/gnome/desktop/notifications/application/org-example-milk]
            enable=false

            """.utf8
        ).write(to: keyfiles.appendingPathComponent("00-admin"))
        try Data("/org/gnome/desktop/notifications/application/org-example-tea/enable\n".utf8)
            .write(to: keyfiles.appendingPathComponent("locks/00-locks"))
        let database = admin.url.appendingPathComponent("admin").path
        let compile = try ChildProcess("/usr/bin/dconf", ["compile", database, keyfiles.path])
        #expect(try await compile.wait(timeout: 10) == 0, "\(compile.standardError)")
        try Data("user-db:user\nfile-db:\(database)\n".utf8).write(to: admin.url.appendingPathComponent("profile"))
        let runtime = try TemporaryDirectory("unotify-runtime")
        var environment = session.environment
        environment["GSETTINGS_BACKEND"] = "dconf"
        environment["DCONF_PROFILE"] = admin.url.appendingPathComponent("profile").path
        environment["XDG_RUNTIME_DIR"] = runtime.path

        let second = try await UNotifyDaemonProcess.startOwningName(
            on: session.bus, stateDirectory: session.state.path, watcher: watcher, extraEnvironment: environment)
        defer { second.stop() }
        let unotify = { (arguments: [String]) in
            try await UNotifyProcess.run(arguments, busAddress: session.bus.address, extraEnvironment: environment)
        }
        #expect(try await unotify(["settings", "org.example.Tea"]).stdout.contains("status: denied"))
        #expect(try await unotify(["settings", "org.example.Milk"]).stdout.contains("status: denied"))
        #expect(try await unotify(["settings", "org.example.Free"]).stdout.contains("status: authorized"))
        #expect(try await unotify(["send", "--app", "org.example.Tea", "Hi"]).status != 0)
    }
}

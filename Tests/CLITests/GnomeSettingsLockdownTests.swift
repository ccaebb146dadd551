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

    static let milk =
        "org.gnome.desktop.notifications.application:/org/gnome/desktop/notifications/application/org-example-milk/"
    static let milkOff = "[org/gnome/desktop/notifications/application/org-example-milk]\nenable=false\n"

    /// The administrator's unlocked default `enable=false` (the usual way to keep an app off
    /// while users may turn it on): the user's `allow` is written as the user's own `enable=true`
    /// in dconf's user database, as GNOME Settings writes it, and sticks (also for the next
    /// agent); a reset takes the user's values away, and the administrator's default counts again.
    @Test func theUsersAllowSticksOverTheAdministratorsDefault() async throws {
        let admin = try await DconfAdministrator(defaults: Self.milkOff, session: try await .init())
        defer { admin.stop() }
        let agent = try await admin.startAgent()
        #expect(try await admin.unotify(["settings", "org.example.Milk"]).stdout.contains("status: denied"))
        let allowed = try await admin.unotify(["settings", "org.example.Milk", "allow"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.contains("status: authorized"), "\(allowed.stdout)")
        #expect(try await admin.gsettings(["get", Self.milk, "enable"]) == "true")
        #expect(try await admin.unotify(["send", "--app", "org.example.Milk", "Hi"]).status == 0)
        agent.stop()
        _ = try await agent.wait(timeout: 10)

        let again = try await admin.startAgent()
        defer { again.stop() }
        #expect(try await admin.unotify(["settings", "org.example.Milk"]).stdout.contains("status: authorized"))
        #expect(try await admin.unotify(["settings", "org.example.Milk", "reset"]).status == 0)
        #expect(try await admin.gsettings(["get", Self.milk, "enable"]) == "false")
    }

    /// A key the administrator locked wins: `allow` fails, naming the lock and who can lift it,
    /// and nothing is saved (the app stays denied in both stores).
    @Test func aLockedDenialRefusesAllowNamingTheLock() async throws {
        let admin = try await DconfAdministrator(
            defaults: Self.milkOff, locks: ["/org/gnome/desktop/notifications/application/org-example-milk/enable"],
            session: try await .init())
        defer { admin.stop() }
        let agent = try await admin.startAgent()
        defer { agent.stop() }
        let refused = try await admin.unotify(["settings", "org.example.Milk", "allow"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("enable of org.gnome.desktop.notifications.application:"), "\(refused.stderr)")
        #expect(refused.stderr.contains("is locked by the administrator (a dconf lock"), "\(refused.stderr)")
        #expect(refused.stderr.contains("ask the administrator"), "\(refused.stderr)")
        #expect(try await admin.unotify(["settings", "org.example.Milk"]).stdout.contains("status: denied"))
        #expect(try await admin.gsettings(["get", Self.milk, "enable"]) == "false")
        let all = try await admin.unotify(["settings"])
        #expect(!all.stdout.contains("org.example.Milk\tauthorized"), "\(all.stdout)")
        // A denial agrees with the lock: saved.
        #expect(try await admin.unotify(["settings", "org.example.Milk", "deny"]).status == 0)
    }

    /// A write dconf does not keep (here no `dconf-service` on the session bus: dconf drops the
    /// write with a warning, and `gsettings set` still exits 0) fails the allow, saying so,
    /// instead of exiting 0 with `status: denied` while GNOME still denies.
    @Test func anAllowDconfDidNotKeepFails() async throws {
        let admin = try await DconfAdministrator(
            defaults: Self.milkOff, withoutService: true, session: try await .init())
        let agent = try await admin.startAgent()
        defer { agent.stop() }
        let refused = try await admin.unotify(["settings", "org.example.Milk", "allow"])
        #expect(refused.status != 0, "\(refused.stdout)")
        #expect(refused.stderr.contains("did not keep enable=true"), "\(refused.stderr)")
        #expect(try await admin.unotify(["settings", "org.example.Milk"]).stdout.contains("status: denied"))
    }
}

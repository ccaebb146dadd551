import Foundation
import NotificationAgentClient
import Testing
import TestSupport

@testable import NotificationAgent

#if canImport(Glibc)
    import Glibc
#endif

/// `plasmanotifyrc` as the desktop's settings store: read as Plasma reads it, written as
/// Plasma's settings page writes it, and never taken for settings when it cannot be read.
@Suite struct PlasmaNotificationSettingsTests {
    let config: TemporaryDirectory
    let system: TemporaryDirectory
    let store: PlasmaNotificationSettings
    let announced = AnnouncedChanges()
    static let app = "org.example.Mail"

    init() throws {
        config = try TemporaryDirectory("unotify-xdg-config")
        system = try TemporaryDirectory("unotify-xdg-dirs")
        let announced = announced
        store = PlasmaNotificationSettings(
            environment: ["XDG_CONFIG_HOME": config.url.path, "XDG_CONFIG_DIRS": system.url.path, "LANG": "C"],
            desktopEntry: { $0 == "org.example.NoEntry" ? nil : $0 },
            announce: { group, keys in announced.add(group, keys) })
    }

    var file: String { config.url.appendingPathComponent("plasmanotifyrc").path }

    func write(_ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: file)) }
    func contents() throws -> String { try String(contentsOfFile: file, encoding: .utf8) }

    @Test func plasmasSwitchesAreTheAppsSettings() throws {
        let allowed = AppSettings.authorized(requesting: [.alert, .sound, .badge, .timeSensitive])
        var defaults = allowed
        defaults.timeSensitive = .disabled
        #expect(try store.applying(to: allowed, app: Self.app) == defaults, "no file: Plasma's defaults")
        try write(
            "[Applications][org.example.Mail]\nShowPopups=false\nShowInHistory=false\nShowBadges=off\n"
                + "ShowPopupsInDndMode=true\n")
        let read = try store.applying(to: allowed, app: Self.app)
        #expect(read.alert == .disabled)
        #expect(read.notificationCenter == .disabled)
        #expect(read.badge == .disabled)
        #expect(read.timeSensitive == .enabled)
        #expect(read.sound == .enabled, "Plasma has no sound switch: the agent's own counts")
    }

    @Test func plasmaNeverAllowsWhatTheUserDidNot() throws {
        try write("[Applications][org.example.Mail]\nShowPopups=true\nShowBadges=true\nShowPopupsInDndMode=true\n")
        let denied = AppSettings.denied(requesting: [.alert, .badge])
        #expect(try store.applying(to: denied, app: Self.app) == denied)
        #expect(try store.applying(to: AppSettings(), app: Self.app) == AppSettings())
        let provisional = AppSettings.provisional(requesting: [.alert, .badge])
        #expect(try store.applying(to: provisional, app: Self.app) == provisional)
        let soundOnly = AppSettings.authorized(requesting: [.sound])
        #expect(try store.applying(to: soundOnly, app: Self.app) == soundOnly, "an alert it never asked for")
    }

    @Test func writesWhatPlasmasSettingsPageWrites() throws {
        try write("# mine\n[Notifications]\nPopupTimeout=7000\n")
        var settings = AppSettings.authorized(requesting: [.alert, .badge])
        settings.alert = .disabled
        try store.write(settings, app: Self.app)
        #expect(
            try contents()
                == "# mine\n[Notifications]\nPopupTimeout=7000\n\n[Applications][org.example.Mail]\nShowPopups=false\n")
        #expect(
            announced.all == [
                [["Applications", Self.app]: ["ShowPopups"]]
            ])
        var status = stat()
        #expect(stat(file, &status) == 0 && status.st_mode & 0o777 == 0o644, "the file's own mode is kept")

        settings.alert = .enabled
        try store.write(settings, app: Self.app)
        #expect(try contents() == "# mine\n[Notifications]\nPopupTimeout=7000\n\n[Applications][org.example.Mail]\n")
        #expect(try store.applying(to: settings, app: Self.app).alert == .enabled)
        try store.write(settings, app: Self.app)
        #expect(announced.all.count == 2, "nothing changed, nothing written, nothing announced")
    }

    @Test func aDeniedAppIsOffInPlasmaAndAResetOneAtItsDefaults() throws {
        try store.write(AppSettings.denied(requesting: [.alert]), app: Self.app)
        var status = stat()
        #expect(stat(file, &status) == 0 && status.st_mode & 0o777 == 0o600, "a new file is private")
        #expect(
            try contents()
                == "[Applications][org.example.Mail]\nShowPopups=false\nShowInHistory=false\nShowBadges=false\n")
        try store.write(AppSettings(), app: Self.app)
        #expect(try contents() == "[Applications][org.example.Mail]\n")
    }

    @Test func theAdministratorsLocksAndDefaultsCount() throws {
        try Data("[Applications][org.example.Mail]\nShowPopups[$i]=false\nShowInHistory=false\n".utf8)
            .write(to: system.url.appendingPathComponent("plasmanotifyrc"))
        let allowed = AppSettings.authorized(requesting: [.alert])
        let read = try store.applying(to: allowed, app: Self.app)
        #expect(read.alert == .disabled)
        #expect(read.notificationCenter == .disabled)
        #expect(throws: AdministratorLockError.self, "ShowPopups=true over the lock") {
            try store.write(allowed, app: Self.app)
        }
        #expect(!FileManager.default.fileExists(atPath: file), "the refused change wrote something")
        var quiet = allowed
        quiet.alert = .disabled
        try store.write(quiet, app: Self.app)
        #expect(
            try contents() == "[Applications][org.example.Mail]\nShowInHistory=true\nShowBadges=false\n",
            "locked key left, system default overridden")
        #expect(try store.applying(to: quiet, app: Self.app).notificationCenter == .enabled)
    }

    @Test func anAppWithoutADesktopEntryIsTheAgentsAlone() throws {
        try write("[Applications][@other]\nShowPopups=false\n")
        let allowed = AppSettings.authorized(requesting: [.alert])
        #expect(try store.applying(to: allowed, app: "org.example.NoEntry") == allowed)
        try store.write(AppSettings.denied(requesting: [.alert]), app: "org.example.NoEntry")
        #expect(try contents() == "[Applications][@other]\nShowPopups=false\n")
    }

    @Test func aFileThatCannotBeReadIsNeitherReadNorWritten() throws {
        let allowed = AppSettings.authorized(requesting: [.alert])
        let broken: [[UInt8]] = [
            Array("[Applications][org.example.Mail\nShowPopups=true\n".utf8), [0, 1, 2, 0xff],
            Array(repeating: UInt8(ascii: "#"), count: KConfigFileCache.limit + 1),
        ]
        for bytes in broken {
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            #expect(throws: StoreError.self) { try store.applying(to: allowed, app: Self.app) }
            #expect(throws: StoreError.self) {
                try store.write(AppSettings.denied(requesting: [.alert]), app: Self.app)
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(bytes), "a broken file was rewritten")
        }
        try FileManager.default.removeItem(atPath: file)
        #expect(mkfifo(file, 0o600) == 0)
        #expect(throws: StoreError.self) { try store.applying(to: allowed, app: Self.app) }
        #expect(throws: StoreError.self) { try store.write(allowed, app: Self.app) }
    }

    @Test func aChangeMadeElsewhereIsReadAtOnce() throws {
        let allowed = AppSettings.authorized(requesting: [.alert])
        try write("[Applications][org.example.Mail]\nShowPopups=true\n")
        #expect(try store.applying(to: allowed, app: Self.app).alert == .enabled)
        try write("[Applications][org.example.Mail]\nShowPopups=false\n")
        #expect(try store.applying(to: allowed, app: Self.app).alert == .disabled)
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        _ = gethostname(&buffer, 255)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func anotherWritersLockIsWaitedForAndAStaleOneTakenOver() async throws {
        // The write waits out a live writer's lock by sleeping its thread: a thread of its own.
        try await OwnThreadExecutor.run {
            let lock = file + ".lock"
            try Data("999999999\nkwriteconfig5\n\(Self.hostName())\n".utf8).write(
                to: URL(fileURLWithPath: lock))
            try store.write(AppSettings.denied(requesting: [.alert]), app: Self.app)
            #expect(!FileManager.default.fileExists(atPath: lock))
            try Data("\(getpid())\nplasmashell\n\(Self.hostName())\n".utf8).write(
                to: URL(fileURLWithPath: lock))
            #expect(throws: StoreError.self) { try store.write(AppSettings(), app: Self.app) }
            try FileManager.default.removeItem(atPath: lock)
        }
    }
}

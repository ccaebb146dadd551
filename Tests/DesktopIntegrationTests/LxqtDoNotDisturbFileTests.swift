import DesktopIntegration
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// LXQt's do-not-disturb, `doNotDisturb` in `lxqt/notifications.conf`, read as lxqt-notificationd
/// reads it (`LXQt::Settings("notifications").value("doNotDisturb", false).toBool()`): the files
/// QSettings looks in, the INI format as Qt reads it, and `QVariant::toBool()`'s spellings.
@Suite struct LxqtDoNotDisturbFileTests {
    /// A configuration directory of the user's and one of the system's, in a fresh temporary directory.
    struct Directories {
        let root: URL
        var user: URL { root.appendingPathComponent("config") }
        var system: URL { root.appendingPathComponent("xdg") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("lxqt-dnd-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }

        var environment: [String: String] {
            ["XDG_CONFIG_HOME": user.path, "XDG_CONFIG_DIRS": system.path, "HOME": root.path]
        }

        func write(_ text: String, to directory: URL, _ name: String = "lxqt/notifications.conf") throws {
            let file = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }

        func read() throws -> Bool {
            let environment = self.environment
            return try FileDoNotDisturb.lxqtNotifications.read { environment[$0] }
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static func value(_ text: String) -> QSettingsValue? {
        QSettingsIniDocument(Array(text.utf8)).value(of: "doNotDisturb")
    }

    @Test func noFileMeansOff() throws {
        let directories = try Directories()
        defer { directories.remove() }
        #expect(try directories.read() == false)
    }

    /// What lxqt-notificationd leaves when it starts (`LXQt::Settings` makes the user's file so
    /// that it can watch it): no key, so off.
    @Test func theFileTheServerMakesWithoutTheKeyMeansOff() throws {
        let directories = try Directories()
        defer { directories.remove() }
        try directories.write("[General]\n__userfile__=true\n", to: directories.user)
        #expect(try directories.read() == false)
        try directories.write("[General]\n__userfile__=true\ndoNotDisturb=true\n", to: directories.user)
        #expect(try directories.read() == true)
    }

    /// The file lxqt-config-notificationd 1.2 wrote when its *Only save notifications* box (under
    /// *Do Not Disturb*) was clicked, byte for byte, over the one the server had made; the box
    /// unchecked writes `false`.
    @Test func theFileLxqtsSettingsDialogWroteIsRead() throws {
        let directories = try Directories()
        defer { directories.remove() }
        let written = """
            [General]
            __userfile__=true
            doNotDisturb=true
            screenWithMouse=false
            server_decides=10
            spacing=6
            unattendedMaxNum=10
            width=300

            """
        try directories.write(written, to: directories.user)
        #expect(try directories.read() == true)
        try directories.write(
            written.replacingOccurrences(of: "doNotDisturb=true", with: "doNotDisturb=false"), to: directories.user)
        #expect(try directories.read() == false)
    }

    /// `QVariant::toBool()` of a string is true unless it is empty, `0` or `false` in any case:
    /// `no` and `off` turn LXQt's do-not-disturb on, as they do in lxqt-notificationd. A `\x`
    /// escape takes every hex digit after it, as Qt's does: `fal\x73e` is `fal` and U+073E.
    @Test(arguments: [
        ("true", true), ("True", true), ("TRUE", true), ("1", true), ("yes", true), ("on", true),
        ("no", true), ("off", true), ("2", true), ("false", false), ("False", false), ("FALSE", false),
        ("0", false), ("", false), ("  true  ", true), ("\"true\"", true), ("\"false\"", false),
        ("\" false\"", true), ("\"\"", false), ("true ; a comment", true), ("false;true", false),
        ("fals\\x65", false), ("fal\\x73e", true), ("fals\\145", false), ("@ByteArray(true)", true),
        ("@ByteArray(false)", false),
        ("@ByteArray()", false), ("@Invalid()", false), ("@@false", true), ("true, true", false),
        ("\"true, true\"", true), ("@Rect(0 0 1 1)", false), ("@Size(1 1)", false), ("0.0", true),
    ])
    func theSpellingsAreReadAsQtReadsThem(_ written: String, _ on: Bool) {
        let value = Self.value("[General]\ndoNotDisturb=\(written)\n")
        #expect(value?.qtBoolean == on, "doNotDisturb=\(written): \(String(describing: value))")
    }

    @Test func theKeyIsFoundWhereQtLooksForIt() {
        #expect(Self.value("doNotDisturb=true\n[Other]\nx=1\n")?.qtBoolean == true)  // before any group
        #expect(Self.value("[general]\ndoNotDisturb=true\n")?.qtBoolean == true)  // any case
        #expect(Self.value("[ General ]\r\ndoNotDisturb = true\r\n")?.qtBoolean == true)
        #expect(Self.value("\u{FEFF}[General]\ndoNotDisturb=true\n")?.qtBoolean == true)  // byte order mark
        #expect(Self.value("[General]\ndo%4EotDisturb=true\n")?.qtBoolean == true)  // escaped name
        #expect(Self.value("[General]\ndoNotDisturb=false\ndoNotDisturb=true\n")?.qtBoolean == true)  // the last
        #expect(Self.value("[General]\ndoNotDisturb=true\n[Other]\n[General]\ndoNotDisturb=0\n")?.qtBoolean == false)
        // Not the key: another group, another case, a comment; `#` is no comment, but another name.
        #expect(Self.value("[Other]\ndoNotDisturb=true\n") == nil)
        #expect(Self.value("[%General]\ndoNotDisturb=true\n") == nil)
        #expect(Self.value("[General]\nDoNotDisturb=true\ndonotdisturb=true\n") == nil)
        #expect(Self.value("[General]\n;doNotDisturb=true\n  ; doNotDisturb=true\n") == nil)
        #expect(Self.value("[General]\n#doNotDisturb=true\n") == nil)
        #expect(Self.value("[General]\ndoNotDisturb\n") == nil)
        // A quoted value spans lines; a backslash joins the next line.
        #expect(Self.value("[General]\ndoNotDisturb=\"fa\nlse\"\nx=1\n") == .string("fa\nlse"))
        #expect(Self.value("[General]\ndoNotDisturb=fa\\\nlse\n") == .string("false"))
        #expect(QSettingsIniDocument(Array("[Group]\nsub\\key=1\n".utf8)).value(of: "Group/sub/key") == .string("1"))
    }

    /// QSettings reads the user's `lxqt/notifications.conf`, then `lxqt.conf`, then the system's
    /// (`$XDG_CONFIG_DIRS`): a key the user's file does not set comes from the administrator's.
    @Test func theAdministratorsDefaultHoldsWhereTheUserSetNothing() throws {
        let directories = try Directories()
        defer { directories.remove() }
        try directories.write("[General]\ndoNotDisturb=true\n", to: directories.system)
        try directories.write("[General]\n__userfile__=true\n", to: directories.user)
        #expect(try directories.read() == true)
        try directories.write("[General]\n__userfile__=true\ndoNotDisturb=false\n", to: directories.user)
        #expect(try directories.read() == false)
        // The organization's file of the user comes before any of the system's.
        try directories.write("[General]\n__userfile__=true\n", to: directories.user)
        try directories.write("[General]\ndoNotDisturb=false\n", to: directories.user, "lxqt.conf")
        #expect(try directories.read() == false)
    }

    @Test func theFilesAreLookedForInQtsOrder() {
        let files = FileDoNotDisturb.lxqtNotifications.files
        let environment = ["XDG_CONFIG_HOME": "/c", "XDG_CONFIG_DIRS": "/a:relative::/b", "HOME": "/h"]
        #expect(
            files.paths { environment[$0] } == [
                "/c/lxqt/notifications.conf", "/c/lxqt.conf", "/a/lxqt/notifications.conf",
                "/b/lxqt/notifications.conf",
                "/a/lxqt.conf", "/b/lxqt.conf",
            ])
        // A relative or missing XDG_CONFIG_HOME is ~/.config; no XDG_CONFIG_DIRS is /etc/xdg.
        let home = ["XDG_CONFIG_HOME": "config", "HOME": "/h"]
        #expect(
            files.paths { home[$0] } == [
                "/h/.config/lxqt/notifications.conf", "/h/.config/lxqt.conf", "/etc/xdg/lxqt/notifications.conf",
                "/etc/xdg/lxqt.conf",
            ])
    }

    /// A value Qt streams (`@Variant(…)`) is not guessed: it cannot be read, and says where.
    @Test func aStreamedValueCannotBeRead() throws {
        let directories = try Directories()
        defer { directories.remove() }
        try directories.write("[General]\ndoNotDisturb=@Variant(\\0\\0\\0\\x1\\x1)\n", to: directories.user)
        #expect(throws: SettingsFileError.self) { try directories.read() }
    }

    /// A directory or a FIFO where the file should be is passed over (as Qt reads it: empty),
    /// never waited on.
    @Test func aFifoOrDirectoryIsPassedOver() throws {
        let directories = try Directories()
        defer { directories.remove() }
        let lxqt = directories.user.appendingPathComponent("lxqt")
        try FileManager.default.createDirectory(at: lxqt, withIntermediateDirectories: true)
        #expect(mkfifo(lxqt.appendingPathComponent("notifications.conf").path, 0o600) == 0)
        try FileManager.default.createDirectory(
            at: directories.user.appendingPathComponent("lxqt.conf"), withIntermediateDirectories: true)
        try directories.write("[General]\ndoNotDisturb=true\n", to: directories.system)
        #expect(try directories.read() == true)
    }

    @Test func lxqtKeepsItsSwitchInTheFile() {
        let lxqt = ServerProfileFixture.profile("lxqt-notificationd", "lxqt.org", "2.4.0", ["actions", "body"])
        #expect(lxqt.doNotDisturbInFile == .lxqtNotifications)
        #expect(DoNotDisturbSwitch.of(lxqt) == nil && lxqt.doNotDisturbInGSettings == nil)
        let line = lxqt.doNotDisturbExplanation
        #expect(line?.works == false && line?.detail.contains("critical ones neither") == true)
        #expect(FileDoNotDisturb.lxqtNotifications.origin == "LXQt: doNotDisturb in lxqt/notifications.conf")
    }
}

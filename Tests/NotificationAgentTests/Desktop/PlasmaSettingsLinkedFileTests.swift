import Foundation
import NotificationAgentClient
import Testing
import TestSupport

@testable import NotificationAgent

#if canImport(Glibc)
    import Glibc
#endif

/// `plasmanotifyrc` written as KConfig writes it: through a symbolic link (a dotfiles manager's)
/// to its target, with the file's mode kept; a file the user made read-only is left as it is.
@Suite struct PlasmaSettingsLinkedFileTests {
    static let app = "org.example.Mail"
    let config: TemporaryDirectory
    let dotfiles: TemporaryDirectory
    let store: PlasmaNotificationSettings

    init() throws {
        config = try TemporaryDirectory("unotify-xdg-config")
        dotfiles = try TemporaryDirectory("unotify-dotfiles")
        let system = try TemporaryDirectory("unotify-xdg-dirs")
        store = PlasmaNotificationSettings(
            environment: ["XDG_CONFIG_HOME": config.url.path, "XDG_CONFIG_DIRS": system.url.path, "LANG": "C"],
            desktopEntry: { $0 })
    }

    var link: String { config.url.appendingPathComponent("plasmanotifyrc").path }
    var target: String { dotfiles.url.appendingPathComponent("plasmanotifyrc").path }
    static var alertOff: AppSettings {
        var settings = AppSettings.authorized(requesting: [.alert, .badge])
        settings.alert = .disabled
        return settings
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode : 0
    }

    @Test(arguments: [false, true])
    func aLinkedFileIsWrittenThroughTheLinkWithItsMode(relative: Bool) throws {
        try Data("# mine\n".utf8).write(to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o644) == 0)
        // As stow links it: relative; as home-manager: absolute, through a second link.
        let middle = dotfiles.url.appendingPathComponent("current").path
        #expect(symlink("plasmanotifyrc", middle) == 0)
        #expect(symlink(relative ? "../" + dotfiles.url.lastPathComponent + "/current" : middle, link) == 0)
        try store.write(Self.alertOff, app: Self.app)
        #expect(Self.mode(link) & S_IFMT == S_IFLNK, "the link was replaced by a file")
        #expect(Self.mode(middle) & S_IFMT == S_IFLNK)
        #expect(Self.mode(target) & 0o7777 == 0o644)
        let written = try String(contentsOfFile: target, encoding: .utf8)
        #expect(written == "# mine\n\n[Applications][org.example.Mail]\nShowPopups=false\n", "\(written)")
        #expect(try store.applying(to: AppSettings.authorized(requesting: [.alert]), app: Self.app).alert == .disabled)
    }

    @Test func aReadOnlyFileIsLeftAsItIsAndTheWriteRefused() throws {
        let before = "[Applications][org.example.Mail]\nShowPopups=true\n"
        try Data(before.utf8).write(to: URL(fileURLWithPath: link))
        #expect(chmod(link, 0o444) == 0)
        let error = #expect(throws: StoreError.self) { try store.write(Self.alertOff, app: Self.app) }
        #expect(error?.description.contains("read-only (mode 444)") == true, "\(String(describing: error))")
        #expect(error?.description.contains("chmod u+w") == true)
        #expect(try String(contentsOfFile: link, encoding: .utf8) == before)
        #expect(Self.mode(link) & 0o7777 == 0o444)
    }
}

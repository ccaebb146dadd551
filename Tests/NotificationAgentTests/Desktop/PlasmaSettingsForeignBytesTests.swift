import Foundation
import NotificationAgentClient
import Testing
import TestSupport

@testable import NotificationAgent

/// Bytes that are not UTF-8 in `plasmanotifyrc` (a Latin-1 comment, another program's group or
/// value): KConfig reads the file all the same, so the agent does too, and a write keeps those
/// bytes as they were.
@Suite struct PlasmaSettingsForeignBytesTests {
    static let app = "org.example.Mail"

    @Test func bytesThatAreNotUTF8AreKeptAndTheRestRead() throws {
        let config = try TemporaryDirectory("unotify-xdg-config")
        let system = try TemporaryDirectory("unotify-xdg-dirs")
        let store = PlasmaNotificationSettings(
            environment: ["XDG_CONFIG_HOME": config.url.path, "XDG_CONFIG_DIRS": system.url.path, "LANG": "C"],
            desktopEntry: { $0 })
        let file = config.url.appendingPathComponent("plasmanotifyrc")
        let foreign: [UInt8] =
            Array("# caf".utf8) + [0xE9] + Array(" (Latin-1)\n[Other][".utf8) + [0xFF, 0xFE]
            + Array("]\nKey=".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        let before = foreign + Array("[Applications][org.example.Mail]\nShowPopups=false\n".utf8)
        try Data(before).write(to: file)

        var allowed = AppSettings.authorized(requesting: [.alert])
        #expect(try store.applying(to: allowed, app: Self.app).alert == .disabled)

        // `--alert on`: Plasma's default, so the key goes (the badge the app never asked for is
        // off); every other byte stays.
        try store.write(allowed, app: Self.app)
        let group = "[Applications][org.example.Mail]\n"
        #expect(try [UInt8](Data(contentsOf: file)) == foreign + Array((group + "ShowBadges=false\n").utf8))
        allowed.alert = .disabled
        try store.write(allowed, app: Self.app)
        #expect(
            try [UInt8](Data(contentsOf: file))
                == foreign + Array((group + "ShowPopups=false\nShowBadges=false\n").utf8))
        #expect(try store.applying(to: allowed, app: Self.app).alert == .disabled)
    }
}

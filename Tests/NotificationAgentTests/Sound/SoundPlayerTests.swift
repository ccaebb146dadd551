import Foundation
import FreedesktopNotifications
import Testing
import TestSupport
@testable import UserNotifications
@testable import NotificationAgent

/// Where sounds are looked up, and which servers play a hint themselves.
@Suite struct SoundPlayerTests {
    /// A temp `XDG_DATA_HOME` with a fake theme file and an app sound; no system directories.
    struct Fixture {
        let home: TemporaryDirectory
        let player: SoundPlayer

        init() throws {
            home = try TemporaryDirectory("unotify-sound")
            let stereo = home.url.appendingPathComponent("sounds/freedesktop/stereo")
            try FileManager.default.createDirectory(at: stereo, withIntermediateDirectories: true)
            try Data("fake".utf8).write(to: stereo.appendingPathComponent("message-new-instant.oga"))
            try Data("fake".utf8).write(to: stereo.appendingPathComponent("bell.wav"))
            let appSounds = home.url.appendingPathComponent("unotify/apps/com.example.app/Sounds")
            try FileManager.default.createDirectory(at: appSounds, withIntermediateDirectories: true)
            try Data("fake".utf8).write(to: appSounds.appendingPathComponent("ding.wav"))
            let empty = home.url.appendingPathComponent("empty").path
            player = SoundPlayer(
                environment: ["XDG_DATA_HOME": home.path, "XDG_DATA_DIRS": empty, "PATH": empty],
                player: "no-such-player")
        }

        var stereo: String { home.path + "/sounds/freedesktop/stereo" }
    }

    @Test func defaultResolvesToTheThemesMessageNewInstant() throws {
        let fixture = try Fixture()
        #expect(fixture.player.resolve(.default, app: "com.example.app") == fixture.stereo + "/message-new-instant.oga")
        #expect(
            fixture.player.resolve(.critical(name: nil, volume: 1), app: "x")
                == fixture.stereo + "/message-new-instant.oga")
    }

    @Test func aThemeNameResolvesWithAnyExtension() throws {
        let fixture = try Fixture()
        #expect(fixture.player.resolve(.named("bell"), app: "com.example.app") == fixture.stereo + "/bell.wav")
        #expect(fixture.player.resolve(.critical(name: "bell", volume: 0.5), app: "x") == fixture.stereo + "/bell.wav")
    }

    @Test func anAbsolutePathMustExist() throws {
        let fixture = try Fixture()
        let file = fixture.stereo + "/bell.wav"
        #expect(fixture.player.resolve(.named(file), app: "x") == file)
        #expect(fixture.player.resolve(.named(fixture.stereo + "/missing.wav"), app: "x") == nil)
        #expect(fixture.player.resolve(.named(fixture.stereo), app: "x") == nil)  // a directory
    }

    @Test func aFileInTheAppsSoundsFolder() throws {
        let fixture = try Fixture()
        #expect(
            fixture.player.resolve(.named("ding.wav"), app: "com.example.app")
                == fixture.home.path + "/unotify/apps/com.example.app/Sounds/ding.wav")
        #expect(fixture.player.resolve(.named("ding.wav"), app: "other.app") == nil)
        #expect(fixture.player.resolve(.named("../com.example.app/Sounds/ding.wav"), app: "other.app") == nil)
    }

    @Test func missingSoundsResolveToNil() throws {
        let fixture = try Fixture()
        #expect(fixture.player.resolve(.named("no-such-sound"), app: "com.example.app") == nil)
        #expect(fixture.player.resolve(.named(""), app: "com.example.app") == nil)
        let bare = SoundPlayer(environment: [
            "XDG_DATA_HOME": fixture.home.path + "/empty",
            "XDG_DATA_DIRS": fixture.home.path + "/empty",
        ])
        #expect(bare.themeFile("no-such-sound-anywhere") == nil)
    }

    @Test func aMissingPlayerOrFileIsLoggedNotThrown() throws {
        let fixture = try Fixture()
        #expect(fixture.player.play(.default, app: "com.example.app") == nil)  // no player on PATH
        #expect(fixture.player.play(.named("no-such-sound"), app: "com.example.app") == nil)
    }

    @Test func onlyMateIsKnownToPlayAHint() {
        let servers: [(ServerInformation, SoundHintSupport)] = [
            (
                ServerInformation(name: "Notification Daemon", vendor: "MATE", version: "1.26.0", specVersion: "1.1"),
                .playsSoundFile
            ),
            (
                ServerInformation(name: "Notification Daemon", vendor: "GNOME", version: "3.20.0", specVersion: "1.2"),
                .playsNothing
            ),
            (ServerInformation(name: "dunst", vendor: "knopwob", version: "1.9.0", specVersion: "1.2"), .playsNothing),
            (
                ServerInformation(name: "Xfce Notify Daemon", vendor: "Xfce", version: "0.7.3", specVersion: "1.2"),
                .playsNothing
            ),
            (
                ServerInformation(name: "lxqt-notificationd", vendor: "lxqt.org", version: "1.2.0", specVersion: "1.2"),
                .playsNothing
            ),
            (
                ServerInformation(name: "notify-osd", vendor: "Canonical Ltd", version: "1.0", specVersion: "1.1"),
                .playsNothing
            ),
        ]
        for (information, expected) in servers {
            #expect(SoundHintSupport.forServer(information) == expected, "\(information.name) \(information.vendor)")
        }
        #expect(SoundHintSupport.forServer(nil) == .playsNothing)
        #expect(SoundHintSupport.playsSoundFile.serverPlaysSoundHints)
        #expect(!SoundHintSupport.playsNothing.serverPlaysSoundHints)
    }
}

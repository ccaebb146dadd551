import Foundation
import Testing
@testable import NotificationAgent

/// Desktop entries read with GLib's desktop-entry support.
@Suite struct AppDesktopEntryTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func nameIconAndTheGnomeKeyAreRead() throws {
        let entry = try #require(
            AppDesktopEntry.parse(
                Self.bytes(
                    """
                    # a comment
                    [Desktop Entry]
                    Type=Application
                    Name=Tea Timer
                    Icon=accessories-clock
                    Exec=true
                    X-GNOME-UsesNotifications=true

                    [Desktop Action New]
                    Name=Not this one
                    """), id: "org.example.Tea"))
        #expect(
            entry
                == AppDesktopEntry(
                    id: "org.example.Tea", name: "Tea Timer", icon: "accessories-clock", usesNotifications: true,
                    isLaunchable: true))
    }

    @Test func anEntryThisDesktopCannotStartStillNamesTheApp() throws {
        let entry = try #require(
            AppDesktopEntry.parse(
                Self.bytes("[Desktop Entry]\nType=Application\nName=Mail\nExec=/nonexistent/mail %u\n"),
                id: "org.example.Mail"))
        #expect(entry.name == "Mail" && entry.icon == nil && !entry.usesNotifications && !entry.isLaunchable)
    }

    @Test func whatIsNoDesktopEntryIsNone() {
        #expect(AppDesktopEntry.parse(Self.bytes("Name=Tea\n"), id: "a") == nil)
        #expect(AppDesktopEntry.parse(Self.bytes("[Other]\nName=Tea\n"), id: "a") == nil)
        #expect(AppDesktopEntry.parse([0xFF, 0xFE, 0x00, 0x5B], id: "a") == nil)
        #expect(AppDesktopEntry.parse([], id: "a") == nil)
    }
}

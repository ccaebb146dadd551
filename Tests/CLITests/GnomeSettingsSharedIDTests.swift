import Foundation
import Testing
import TestSupport

/// GNOME keeps an app's switches under a name made of its identifier (``GnomeApplicationID``):
/// two apps can meet under one name, and an app the user denied must never be authorized by
/// what was chosen for the other; an app with no letter or digit has no name there at all. A
/// reset takes the app out of `application-children`, as GNOME Settings would.
@Suite(.serialized, .timeLimit(.minutes(2))) struct GnomeSettingsSharedIDTests {
    typealias Session = GnomeSettingsProcessTests.Session

    @Test func allowingAnAppThatSharesItsGnomeNameAuthorizesNoDeniedOne() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", "org.probe.Tea", "deny"]).status == 0)
        #expect(try await session.unotify(["settings", "org.probe.TEA", "allow"]).status == 0)
        #expect(try await session.settings("org.probe.TEA").contains("status: authorized"))
        #expect(try await session.settings("org.probe.Tea").contains("status: denied"))
        let refused = try await session.unotify(["send", "--app", "org.probe.Tea", "Hi"])
        #expect(refused.status != 0)
        // The shared switch still denies: switched off in GNOME, both are off.
        try await session.gsettings([
            "set",
            "org.gnome.desktop.notifications.application:/org/gnome/desktop/notifications/application/org-probe-tea/",
            "enable", "false",
        ])
        #expect(try await session.settings("org.probe.TEA").contains("status: denied"))
    }

    @Test func appsGnomeCannotNameShareNoSwitch() async throws {
        let session = try await Session()
        #expect(try await session.unotify(["settings", "\u{65E5}\u{672C}", "deny"]).status == 0)
        #expect(try await session.unotify(["settings", "\u{4E2D}\u{6587}", "allow"]).status == 0)
        #expect(try await session.settings("\u{4E2D}\u{6587}").contains("status: authorized"))
        #expect(try await session.settings("\u{65E5}\u{672C}").contains("status: denied"))
        #expect(try await session.unotify(["send", "--app", "\u{65E5}\u{672C}", "Hi"]).status != 0)
        // Nothing of them in GNOME's store.
        #expect(
            try await session.gsettings(["get", "org.gnome.desktop.notifications", "application-children"])
                == "@as []")
    }

    @Test func aResetTakesTheAppOutOfApplicationChildren() async throws {
        let session = try await Session()
        for app in ["org.example.One", "org.example.Two", "org.example.Three"] {
            #expect(try await session.unotify(["settings", app, "allow"]).status == 0)
        }
        #expect(
            try await session.gsettings(["get", "org.gnome.desktop.notifications", "application-children"])
                == "['org-example-one', 'org-example-two', 'org-example-three']")
        for app in ["org.example.One", "org.example.Three"] {
            #expect(try await session.unotify(["settings", app, "reset"]).status == 0)
        }
        #expect(
            try await session.gsettings(["get", "org.gnome.desktop.notifications", "application-children"])
                == "['org-example-two']")
    }
}

import DesktopIntegration
import FreedesktopNotifications
import Testing
import TestSupport

/// Where each server keeps its do-not-disturb, by the name `GetServerInformation` gives (as
/// Debian 12's servers give it) and KDE's `inhibitions` capability.
@Suite struct DoNotDisturbSwitchTests {
    @Test(arguments: [
        ("dunst", "knopwob", [] as [String], DoNotDisturbSwitch.dunstPaused as DoNotDisturbSwitch?),
        ("mako", "emersion", [], .makoMode),
        ("Xfce Notify Daemon", "Xfce", [], .xfconf),
        ("Plasma", "KDE", ["inhibitions"], .inhibited),
        ("SwayNotificationCenter", "ErikReider", [], .swayncDnd),
        ("Budgie Notification Server", "Budgie Desktop Developers", [], .budgieDispatcher),
        ("naughty", "awesome", [], .awesomeSuspended),
        ("cinnamon", "GNOME", [], nil),
        ("e17", "enlightenment.org", [], nil),
        ("gnome-shell", "GNOME", [], nil),
        ("Notification Daemon", "MATE", [], nil),
        ("notify-osd", "Canonical Ltd", [], nil),
        ("lxqt-notificationd", "lxqt.org", [], nil),
    ])
    func eachServerHasItsSwitchOrNone(
        name: String, vendor: String, capabilities: [String], expected: DoNotDisturbSwitch?
    ) {
        let profile = ServerProfileFixture.profile(name, vendor, "1", ["body"] + capabilities)
        #expect(DoNotDisturbSwitch.of(profile) == expected)
    }

    @Test func aServerThatGaveNoInformationKeepsNoneUnlessItHasInhibitions() {
        #expect(
            DoNotDisturbSwitch.of(ServerProfile(information: nil, capabilities: ServerCapabilities(["body"]))) == nil)
        #expect(
            DoNotDisturbSwitch.of(ServerProfile(information: nil, capabilities: ServerCapabilities(["inhibitions"])))
                == .inhibited)
    }

    @Test func theOriginSaysWhereItWasRead() {
        #expect(DoNotDisturbSwitch.dunstPaused.origin == "dunst: paused")
        #expect(DoNotDisturbSwitch.makoMode.origin == "mako: mode do-not-disturb")
        #expect(DoNotDisturbSwitch.inhibited.origin == "Plasma: Inhibited")
    }
}

import DesktopIntegration
import FreedesktopNotifications
import Testing
import TestSupport

/// The table of where each server's desktop keeps its do-not-disturb, and what `unotify server
/// --explain` says of it.
@Suite struct DoNotDisturbRowTests {
    @Test func theSwitchesAreRowsOfTheTable() {
        #expect(
            DoNotDisturbSwitch.of(ServerProfileFixture.profile("dunst", "Dunst", "1.9.0", ["actions"])) == .dunstPaused)
        #expect(
            DoNotDisturbSwitch.of(ServerProfileFixture.profile("naughty", "awesome", "4.3", ["actions"]))
                == .awesomeSuspended)
        // KDE's capability decides before any row.
        #expect(
            DoNotDisturbSwitch.of(
                ServerProfileFixture.profile("Plasma", "KDE", "6.7.4", ServerProfileFixture.plasmaCapabilities))
                == .inhibited)
        let gnome = ServerProfileFixture.profile("gnome-shell", "GNOME", "48.7", ServerProfileFixture.gnomeCapabilities)
        #expect(DoNotDisturbSwitch.of(gnome) == nil)
        #expect(gnome.doNotDisturbInGSettings == .gnomeShowBanners)
        #expect(DoNotDisturbSwitch.absence(in: gnome).hasPrefix("GNOME keeps it in GSettings"))
        // mate-notification-daemon 1.26 (as GetServerInformation names it): MATE's GSettings key.
        let mate = ServerProfileFixture.profile(
            "Notification Daemon", "MATE", "1.26.0",
            ["actions", "action-icons", "body", "body-hyperlinks", "body-markup", "icon-static", "sound"])
        #expect(DoNotDisturbSwitch.of(mate) == nil)
        #expect(mate.doNotDisturbInGSettings == .mateDoNotDisturb)
        #expect(DoNotDisturbSwitch.absence(in: mate).hasPrefix("MATE keeps it in GSettings"))
        // GNOME's notification-daemon, the same name by another vendor, keeps none.
        let gnomeDaemon = ServerProfileFixture.profile("Notification Daemon", "GNOME", "3.20.0", ["actions"])
        #expect(gnomeDaemon.doNotDisturbInGSettings == nil)
        let unknown = ServerProfileFixture.profile("newcomer", "Someone", "1.0", ["actions"])
        #expect(DoNotDisturbRow.rows(for: unknown.information).isEmpty)
        #expect(DoNotDisturbSwitch.absence(in: unknown) == "newcomer keeps no switch unotify can read")
    }

    @Test func everyRowNamesItsEvidence() {
        for row in DoNotDisturbRow.table {
            #expect(
                row.evidence.contains("measured") || row.evidence.contains("read in its code"),
                "\(row.server.name) \(row.place)")
            #expect(!row.place.summary.isEmpty)
        }
    }

    @Test func theExplanationSaysWhatHappensWhileItIsOn() {
        let plasma = ServerProfileFixture.profile("Plasma", "KDE", "5.27.5", ServerProfileFixture.plasmaCapabilities)
        let line = plasma.doNotDisturbExplanation
        #expect(line?.feature == "do not disturb" && line?.works == true && line?.detail.contains("no sound") == true)
        // dunst's pause holds critical notifications too (measured on 1.9): it degrades.
        #expect(
            ServerProfileFixture.profile("dunst", "knopwob", "1.9.0", ["actions", "body"]).doNotDisturbExplanation?
                .works == false)
        // LXQt's switch, in its settings file, hides critical ones too (measured on 1.2 and 2.4).
        #expect(
            ServerProfileFixture.profile("lxqt-notificationd", "lxqt.org", "1.2.0", ["actions", "body"])
                .doNotDisturbExplanation?.works == false)
        // MATE's switch, in GSettings, draws no critical one either (measured on 1.26).
        let mate = ServerProfileFixture.profile("Notification Daemon", "MATE", "1.26.0", ["actions", "body", "sound"])
            .doNotDisturbExplanation
        #expect(
            mate?.works == false && mate?.detail.contains("critical ones neither") == true,
            "\(String(describing: mate))")
        #expect(
            ServerProfileFixture.profile("notification-daemon", "GNOME", "3.20.0", ["actions", "body"])
                .doNotDisturbExplanation == nil)
        // Cinnamon's and GNOME's switches let critical ones through: no line of their own.
        #expect(
            ServerProfileFixture.profile("cinnamon", "GNOME", "5.6.8", ["actions", "body"]).doNotDisturbExplanation
                == nil)
    }
}

import FreedesktopNotifications
import Testing
import TestSupport

/// The profile of the newest desktops: what they advertise first, then the version rules
/// (`ServerQuirk.table`), as measured on GNOME Shell 48.7 / 51.0 and Plasma 6.3.6 / 6.7.4.
@Suite struct ServerProfileVersionTests {
    @Test func versionsCompareByTheirNumbers() throws {
        #expect(try #require(ServerVersion("6.7.4")) > ServerVersion(6, 4))
        #expect(try #require(ServerVersion("6.3.6")) < ServerVersion(6, 4))
        #expect(try #require(ServerVersion("1.9.0 (2022-06-27)")) == ServerVersion(1, 9))
        #expect(try #require(ServerVersion("48.7")) >= ServerVersion(46))
        #expect(ServerVersion("0.0.0") == ServerVersion(0))
        #expect(ServerVersion("unknown") == nil)
    }

    @Test func plasmaFromSixFourPlaysTheSoundItAdvertises() {
        let plasma67 = ServerProfileFixture.profile(
            "Plasma", "KDE", "6.7.4", ServerProfileFixture.plasmaCapabilities + ["sound"])
        #expect(plasma67.playsSoundFile)
        let sound = plasma67.explanation.first { $0.feature == "sound" }
        #expect(sound?.detail.contains("unotifyd plays nothing itself") == true, "\(String(describing: sound))")
        // 6.3 and 5.27 advertise no sound: the agent plays it, as before.
        #expect(
            !ServerProfileFixture.profile("Plasma", "KDE", "6.3.6", ServerProfileFixture.plasmaCapabilities)
                .playsSoundFile)
        #expect(
            !ServerProfileFixture.profile("Plasma", "KDE", "5.27.5", ServerProfileFixture.plasmaCapabilities)
                .playsSoundFile)
        // The capability decides: a Plasma that stops advertising it is not trusted to play.
        #expect(
            !ServerProfileFixture.profile("Plasma", "KDE", "6.7.4", ServerProfileFixture.plasmaCapabilities)
                .playsSoundFile)
    }

    @Test func phoshReplaysAListedSoundSoTheAgentTakesItOff() {
        // Phosh 0.58 plays an app's newest listed notification's sound-file again when the app
        // notifies after another app (measured): the agent replaces each notification whose
        // sound it sent with one without the hint.
        let capabilities = ["body", "body-markup", "actions", "icon-static", "sound"]
        let phosh = ServerProfileFixture.profile("Phosh Notify Daemon", "Phosh", "0.58.0", capabilities)
        #expect(phosh.replaysListedSounds && phosh.playsSoundFile)
        // …and plays none for a replacement (measured): an update with a sound is shown anew.
        #expect(!phosh.playsSoundOnReplace)
        #expect(ServerProfileFixture.profile("Plasma", "KDE", "6.7.4", capabilities).playsSoundOnReplace)
        #expect(
            phosh.quirks.contains { $0.behaviour == .replaysListedSounds },
            "server --explain lists the row")
        #expect(!ServerProfileFixture.profile("Plasma", "KDE", "6.7.4", capabilities).replaysListedSounds)
        #expect(
            !ServerProfileFixture.profile("Notification Daemon", "MATE", "1.26.0", capabilities)
                .replaysListedSounds)
    }

    @Test func phoshReportsTheUsersSwipeAsClosedByACall() {
        // Phosh 0.58's swipe on a banner sent NotificationClosed(id, 3) (measured): the agent
        // reads it as a dismissal of a notification it still holds. Elsewhere 3 is a call's close.
        let capabilities = ["body", "body-markup", "actions", "icon-static", "sound"]
        #expect(
            ServerProfileFixture.profile("Phosh Notify Daemon", "Phosh", "0.58.0", capabilities)
                .reportsDismissalAsClosedByCall)
        #expect(!ServerProfileFixture.profile("Plasma", "KDE", "6.7.4", capabilities).reportsDismissalAsClosedByCall)
        #expect(
            !ServerProfileFixture.profile("Notification Daemon", "MATE", "1.26.0", capabilities)
                .reportsDismissalAsClosedByCall)
    }

    @Test func anAdvertisedSoundCountsUntilAMeasuredRowSaysOtherwise() {
        // A server the table has no sound row for (Phosh 0.58 advertises `sound` and plays it
        // through feedbackd): its word is taken, and `server --explain` says so.
        let phosh = ServerProfileFixture.profile(
            "Phosh Notify Daemon", "Phosh", "0.58.0", ["body", "body-markup", "actions", "icon-static", "sound"])
        #expect(phosh.playsSoundFile)
        let sound = phosh.explanation.first { $0.feature == "sound" }
        #expect(sound?.detail.contains("unotifyd plays nothing itself") == true, "\(String(describing: sound))")
        #expect(
            !ServerProfileFixture.profile("Phosh Notify Daemon", "Phosh", "0.58.0", ["body", "actions"])
                .playsSoundFile)
        // Measured rows: these advertise `sound` and play no `sound-file`; nor does a portal whose
        // frontend is version 2 in front of a version 1 backend.
        let silent = [
            ("Notification Daemon", "GNOME", "3.20.0"), ("cinnamon", "GNOME", "5.6.8"), ("cinnamon", "GNOME", "6.6.9"),
            ("Budgie Notification Server", "Budgie Desktop Developers", "10.7.1"),
            ("Budgie Notification Server", "Budgie Desktop Developers", "10.10.3"),
            ("xdg-desktop-portal", "freedesktop.org", "notification portal 2"),
        ]
        for (name, vendor, version) in silent {
            #expect(
                !ServerProfileFixture.profile(name, vendor, version, ["actions", "body", "sound"]).playsSoundFile,
                "\(name) \(version)")
        }
    }

    @Test func gnomeFromFortySixDropsDepartedSenders() {
        for version in ["48.7", "51.0", "46.0"] {
            let gnome = ServerProfileFixture.profile(
                "gnome-shell", "GNOME", version, ServerProfileFixture.gnomeCapabilities)
            #expect(gnome.dropsNotificationsOfDepartedSenders, "\(version)")
            #expect(gnome.closesAppNotificationsWhenSenderLeaves, "\(version)")
            #expect(gnome.playsSoundFile)
        }
        let gnome43 = ServerProfileFixture.profile(
            "gnome-shell", "GNOME", "43.9", ServerProfileFixture.gnomeCapabilities)
        #expect(!gnome43.dropsNotificationsOfDepartedSenders)
        #expect(!gnome43.closesAppNotificationsWhenSenderLeaves)
    }

    @Test func everyRowNamesItsEvidence() {
        for quirk in ServerQuirk.table {
            #expect(
                quirk.evidence.contains("measured") || quirk.evidence.contains("read in its code"),
                "\(quirk.name) \(quirk.behaviour)")
            #expect(!quirk.behaviour.summary.isEmpty)
        }
    }

    @Test func aRowBoundedByVersionsHoldsOnlyInItsRange() {
        let row = ServerQuirk.table.first { $0.behaviour == .dropsNotificationsOfDepartedSenders }
        let shell = { (version: String) in
            ServerInformation(name: "gnome-shell", vendor: "GNOME", version: version, specVersion: "1.2")
        }
        #expect(row?.matches(shell("46")) == true)
        #expect(row?.matches(shell("43.9")) == false)
        #expect(row?.matches(shell("not a version")) == false)
        #expect(row?.versions == "46 and later")
        // Another vendor by the same name is another server.
        #expect(
            row?.matches(ServerInformation(name: "gnome-shell", vendor: "Other", version: "48.7", specVersion: "1.2"))
                == false)
    }
}

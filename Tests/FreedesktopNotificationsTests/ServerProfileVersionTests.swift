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

    @Test func anAdvertisedSoundIsTrustedOnlyWhereARuleSaysItIsPlayed() {
        // notification-daemon advertises `sound` and plays nothing (measured).
        #expect(
            !ServerProfileFixture.profile("Notification Daemon", "GNOME", "3.20.0", ["actions", "body", "sound"])
                .playsSoundFile)
        #expect(
            !ServerProfileFixture.profile("Plasma", "KDE", "6.3.9", ServerProfileFixture.plasmaCapabilities + ["sound"])
                .playsSoundFile)
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
        let row = ServerQuirk.table.first { $0.behaviour == .playsAdvertisedSound }
        let plasma = { (version: String) in
            ServerInformation(name: "Plasma", vendor: "KDE", version: version, specVersion: "1.2")
        }
        #expect(row?.matches(plasma("6.4")) == true)
        #expect(row?.matches(plasma("6.3.6")) == false)
        #expect(row?.matches(plasma("not a version")) == false)
        #expect(row?.versions == "6.4 and later")
        // Another vendor by the same name is another server.
        #expect(
            row?.matches(ServerInformation(name: "Plasma", vendor: "Other", version: "6.7", specVersion: "1.2"))
                == false)
    }
}

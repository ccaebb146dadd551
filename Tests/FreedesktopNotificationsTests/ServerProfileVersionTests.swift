import FreedesktopNotifications
import Testing

/// The profile of the newest desktops: what they advertise first, then the version rules
/// (`ServerQuirk.table`), as measured on GNOME Shell 48.7 / 51.0 and Plasma 6.3.6 / 6.7.4.
@Suite struct ServerProfileVersionTests {
    static let plasmaCapabilities = [
        "body", "body-hyperlinks", "body-markup", "body-images", "icon-static", "actions", "persistence",
        "inline-reply", "x-kde-urls", "x-kde-origin-name", "x-kde-display-appname", "inhibitions",
    ]
    static let gnomeCapabilities = ["actions", "body", "body-markup", "icon-static", "persistence", "sound"]

    static func profile(_ name: String, _ vendor: String, _ version: String, _ capabilities: [String])
        -> ServerProfile
    {
        ServerProfile(
            information: ServerInformation(name: name, vendor: vendor, version: version, specVersion: "1.2"),
            capabilities: ServerCapabilities(capabilities))
    }

    @Test func versionsCompareByTheirNumbers() throws {
        #expect(try #require(ServerVersion("6.7.4")) > ServerVersion(6, 4))
        #expect(try #require(ServerVersion("6.3.6")) < ServerVersion(6, 4))
        #expect(try #require(ServerVersion("1.9.0 (2022-06-27)")) == ServerVersion(1, 9))
        #expect(try #require(ServerVersion("48.7")) >= ServerVersion(46))
        #expect(ServerVersion("0.0.0") == ServerVersion(0))
        #expect(ServerVersion("unknown") == nil)
    }

    @Test func plasmaFromSixFourPlaysTheSoundItAdvertises() {
        let plasma67 = Self.profile("Plasma", "KDE", "6.7.4", Self.plasmaCapabilities + ["sound"])
        #expect(plasma67.playsSoundFile)
        let sound = plasma67.explanation.first { $0.feature == "sound" }
        #expect(sound?.detail.contains("unotifyd plays nothing itself") == true, "\(String(describing: sound))")
        // 6.3 and 5.27 advertise no sound: the agent plays it, as before.
        #expect(!Self.profile("Plasma", "KDE", "6.3.6", Self.plasmaCapabilities).playsSoundFile)
        #expect(!Self.profile("Plasma", "KDE", "5.27.5", Self.plasmaCapabilities).playsSoundFile)
        // The capability decides: a Plasma that stops advertising it is not trusted to play.
        #expect(!Self.profile("Plasma", "KDE", "6.7.4", Self.plasmaCapabilities).playsSoundFile)
    }

    @Test func anAdvertisedSoundIsTrustedOnlyWhereARuleSaysItIsPlayed() {
        // notification-daemon advertises `sound` and plays nothing (measured).
        #expect(!Self.profile("Notification Daemon", "GNOME", "3.20.0", ["actions", "body", "sound"]).playsSoundFile)
        #expect(!Self.profile("Plasma", "KDE", "6.3.9", Self.plasmaCapabilities + ["sound"]).playsSoundFile)
    }

    @Test func gnomeFromFortySixDropsDepartedSenders() {
        for version in ["48.7", "51.0", "46.0"] {
            let gnome = Self.profile("gnome-shell", "GNOME", version, Self.gnomeCapabilities)
            #expect(gnome.dropsNotificationsOfDepartedSenders, "\(version)")
            #expect(gnome.closesAppNotificationsWhenSenderLeaves, "\(version)")
            #expect(gnome.playsSoundFile)
        }
        let gnome43 = Self.profile("gnome-shell", "GNOME", "43.9", Self.gnomeCapabilities)
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

    @Test func theDoNotDisturbSwitchesAreRowsOfTheTable() {
        #expect(DoNotDisturbSwitch.of(Self.profile("dunst", "Dunst", "1.9.0", ["actions"])) == .dunstPaused)
        #expect(DoNotDisturbSwitch.of(Self.profile("naughty", "awesome", "4.3", ["actions"])) == .awesomeSuspended)
        // KDE's capability decides before any row.
        #expect(DoNotDisturbSwitch.of(Self.profile("Plasma", "KDE", "6.7.4", Self.plasmaCapabilities)) == .inhibited)
        let gnome = Self.profile("gnome-shell", "GNOME", "48.7", Self.gnomeCapabilities)
        #expect(DoNotDisturbSwitch.of(gnome) == nil)
        #expect(gnome.doNotDisturbInGSettings == .gnomeShowBanners)
        #expect(DoNotDisturbSwitch.absence(in: gnome).hasPrefix("GNOME keeps it in GSettings"))
        let unknown = Self.profile("newcomer", "Someone", "1.0", ["actions"])
        #expect(unknown.quirks.isEmpty)
        #expect(DoNotDisturbSwitch.absence(in: unknown) == "newcomer keeps no switch unotify can read")
    }
}

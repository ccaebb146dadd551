import FreedesktopNotifications
import Testing

/// Cinnamon 5.6's rows of the server table ("cinnamon" by "GNOME", measured on Debian 12).
@Suite struct ServerProfileCinnamonTests {
    static let cinnamon = ServerProfileTests.profile(
        "cinnamon", "GNOME", ["actions", "action-icons", "body", "body-markup", "icon-static", "persistence", "sound"])

    @Test func itsCloseCrossReasonZeroIsADismissal() {
        #expect(Self.cinnamon.closeReason(wireValue: 0) == .dismissed)
        #expect(Self.cinnamon.closeReason(wireValue: 1) == .expired)
        #expect(
            ServerProfileTests.profile("dunst", "knopwob", ["actions"]).closeReason(wireValue: 0) == .unrecognized(0))
    }

    @Test func itIgnoresExpiryTimesSoTheAgentExpiresNotificationsItself() {
        #expect(!Self.cinnamon.honoursExpireTimeout)
        #expect(Self.cinnamon.explanation.first { $0.feature == "timeouts" }?.works == false)
    }

    /// A low-urgency notification with two actions got a banner with both buttons mapped, alone and
    /// queued behind another, on 5.6.8 and 6.6.9 (measured through org.Cinnamon.Eval).
    @Test func aQuietNotificationKeepsItsButtons() {
        #expect(Self.cinnamon.showsButtonsWhenQuiet)
        #expect(Self.cinnamon.explanation.first { $0.feature == "quiet delivery" }?.works == true)
    }

    @Test func itPlaysNoSoundHintSoTheAgentPlaysIt() {
        #expect(!Self.cinnamon.playsSoundFile)
    }
}

/// Cinnamon 5.6 reads `image-path` with `GLib.filename_to_uri`, which throws on a `file://` URI:
/// with an app icon too, the whole banner was lost (measured: no banner, a JS error in its log).
@Suite struct CinnamonImagePathTests {
    @Test func anImageGoesAsAnAbsolutePathNotAURI() {
        var hints = NotificationHints()
        hints.setImage("/tmp/tea.png", for: ServerProfileCinnamonTests.cinnamon)
        #expect(hints.imagePath == "/tmp/tea.png")
        var fromURI = NotificationHints()
        fromURI.setImage("file:///tmp/tea.png", for: ServerProfileCinnamonTests.cinnamon)
        #expect(fromURI.imagePath == "/tmp/tea.png")
        var dunst = NotificationHints()
        dunst.setImage("/tmp/tea.png", for: ServerProfileTests.profile("dunst", "knopwob", ["actions"]))
        #expect(dunst.imagePath == "file:///tmp/tea.png")
    }
}

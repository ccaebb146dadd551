import DBus
import FreedesktopNotifications
import Testing

/// The rows of Enlightenment 0.27.1 and lxqt-notificationd 2.4.0, with the names, versions
/// and capabilities they report (measured on Debian 13's and sid's packages): what changed
/// from 0.25.4 and 1.2.0.
@Suite struct ServerProfileNewestLxqtEnlightenmentTests {
    /// Enlightenment 0.27.1: no longer "e17" by "enlightenment.org", version 0.17.
    static let enlightenment027 = ServerProfile(
        information: ServerInformation(
            name: "Notification Service", vendor: "Enlightenment", version: "0.27.1", specVersion: "1.2"),
        capabilities: ServerCapabilities([
            "body", "body-markup", "body-hyperlinks", "body-images", "actions", "icon-static", "persistence", "sound",
        ]))

    static func lxqt(_ version: String) -> ServerProfile {
        ServerProfile(
            information: ServerInformation(
                name: "lxqt-notificationd", vendor: "lxqt.org", version: version, specVersion: "1.2"),
            capabilities: ServerCapabilities([
                "actions", "body", "body-hyperlinks", "body-images", "body-markup", "persistence",
            ]))
    }

    /// 0.27.1 draws its actions and numbers close reasons as the specification does: the
    /// cross sent 2, an expiry 1, CloseNotification 3 (measured with dbus-monitor).
    @Test func enlightenment027DrawsActionsAndTakesReasonsAsTheyCome() {
        let e = Self.enlightenment027
        #expect(e.showsActions && e.drawsButtons)
        #expect(e.closeReason(.dismissed) == .dismissed)
        #expect(e.closeReason(.expired) == .expired)
        #expect(e.closeReason(.closedByCall) == .closedByCall)
    }

    /// As 0.25.4: no low-urgency popup out of the box, and `image-path` only as a plain path.
    @Test func enlightenment027StillDropsQuietOnesAndWantsAPath() {
        let e = Self.enlightenment027
        #expect(!e.showsQuietNotifications)
        #expect(e.readsImagePathAsFilePath)
        var hints = NotificationHints()
        hints.setImage("/tmp/tea.png", for: e)
        #expect(hints.imagePath == "/tmp/tea.png")
    }

    /// 0.27.1 advertises `sound` and plays no `sound-file`: left to it, the sound case heard
    /// nothing on the null sink (SoundMatrixTests on enlightenment-0.27 timed out waiting for the
    /// sound), so unotifyd plays the sound itself and sends `suppress-sound`.
    @Test func enlightenment027AdvertisesSoundButPlaysNone() {
        #expect(Self.enlightenment027.capabilities.contains(.sound))
        #expect(!Self.enlightenment027.playsSoundFile)
    }

    /// 1.2.0 draws only `image_path` and nothing when both spellings come; 2.4.0 draws either,
    /// both, and a `file://` URI (1024 red pixels each), so it is sent both, as a URI.
    @Test func lxqt24DrawsImagePathAnd12DoesNot() {
        #expect(!Self.lxqt("1.2.0").drawsImagePath)
        #expect(Self.lxqt("2.4.0").drawsImagePath)
        var hints = NotificationHints()
        hints.setImage("/tmp/tea.png", for: Self.lxqt("2.4.0"))
        #expect(hints.imagePath == "file:///tmp/tea.png")
        #expect(hints.vendor["image_path"] == DBusVariant("file:///tmp/tea.png"))
        var old = NotificationHints()
        old.setImage("/tmp/tea.png", for: Self.lxqt("1.2.0"))
        #expect(old.imagePath == nil)
    }
}

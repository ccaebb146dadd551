import DBus
import FreedesktopNotifications
import Testing

/// The rows of SwayNotificationCenter ("SwayNotificationCenter" by "ErikReider") and
/// Enlightenment ("e17" by "enlightenment.org"), with the names and capabilities they report.
@Suite struct ServerProfileSwayncEnlightenmentTests {
    static let enlightenment = ServerProfileTests.profile("e17", "enlightenment.org", ["body", "body-markup"])
    static let swaync = ServerProfile(
        information: ServerInformation(
            name: "SwayNotificationCenter", vendor: "ErikReider", version: "0.7.3", specVersion: "1.2"),
        capabilities: ServerCapabilities([
            "actions", "body", "body-markup", "body-images", "persistence", "synchronous",
        ]))

    /// 0.12.6 (measured): it draws a `file://` URI too, and advertises `inline-reply` that its
    /// stock configuration does not draw.
    static let swaync012 = ServerProfile(
        information: ServerInformation(
            name: "SwayNotificationCenter", vendor: "ErikReider", version: "0.12.6", specVersion: "1.3"),
        capabilities: ServerCapabilities([
            "actions", "body", "body-markup", "body-images", "persistence", "synchronous", "inline-reply",
        ]))

    @Test func swaync012TakesURIsAndHasNoReplyFieldAsShipped() {
        #expect(!Self.swaync012.readsImagePathAsFilePath)
        #expect(!Self.swaync012.takesInlineReply)
        #expect(Self.swaync012.keepsExpiredPopupsInControlCenter)
    }

    @Test func enlightenmentsCloseReasonsAreOneLowerThanTheSpecifications() {
        let e = Self.enlightenment
        #expect(e.closeReason(.unrecognized(0)) == .expired)
        #expect(e.closeReason(.expired) == .dismissed, "its close cross reports 1")
        #expect(e.closeReason(.dismissed) == .closedByCall, "CloseNotification is answered with 2")
        #expect(e.reportsDismissal, "its close cross is a dismissal, once read by E's numbering")
        let closing = e.explanation.first { $0.feature == "closing" }
        #expect(closing?.works == true)
        #expect(closing?.detail.contains("one lower") == true, "\(closing?.detail ?? "")")
        #expect(!e.showsActions)
    }

    @Test func enlightenmentShowsNoLowUrgencyNotification() {
        #expect(!Self.enlightenment.showsQuietNotifications)
        #expect(Self.enlightenment.explanation.first { $0.feature == "quiet delivery" }?.works == false)
        #expect(Self.swaync.showsQuietNotifications)
    }

    @Test func otherServersReasonsAreTakenAsTheyCome() {
        for profile in [Self.swaync, ServerProfileTests.profile("dunst", "knopwob", ["actions"])] {
            #expect(profile.closeReason(.dismissed) == .dismissed)
            #expect(profile.closeReason(.expired) == .expired)
            #expect(profile.closeReason(.closedByCall) == .closedByCall)
            #expect(profile.closeReason(.unrecognized(0)) == .unrecognized(0))
        }
    }

    @Test func swayncsPopupsLeaveTheScreenForItsControlCenterSilently() {
        let history = Self.swaync.explanation.first { $0.feature == "history" }
        #expect(history?.works == true)
        #expect(history?.detail.contains("control center") == true, "\(history?.detail ?? "")")
        #expect(Self.swaync.drawsButtons && Self.swaync.reportsDismissal)
    }
}

/// SwayNotificationCenter 0.7.3 and Enlightenment 0.25 draw `image-path` only as a plain path
/// (measured: a 64×64 red square given as `/tmp/red.png` was drawn, 4096 red pixels on swaync,
/// 1600 scaled on E; as `file:///tmp/red.png` no red pixel on either).
@Suite struct SwayncEnlightenmentImagePathTests {
    @Test(arguments: [
        ServerProfileSwayncEnlightenmentTests.swaync, ServerProfileSwayncEnlightenmentTests.enlightenment,
    ])
    func anImageGoesAsAnAbsolutePath(_ profile: ServerProfile) {
        var hints = NotificationHints()
        hints.setImage("/tmp/tea.png", for: profile)
        #expect(hints.imagePath == "/tmp/tea.png")
        // The deprecated spelling too: Enlightenment reads it first (measured: the agent's
        // `image_path` as a URI beside `image-path` as a path, and no red pixel).
        #expect(hints.vendor["image_path"] == DBusVariant("/tmp/tea.png"))
    }
}

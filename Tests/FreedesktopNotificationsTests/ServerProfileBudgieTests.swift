import FreedesktopNotifications
import Testing

/// Budgie 10.7's rows of the server table ("Budgie Notification Server" by "Budgie Desktop
/// Developers", measured on Debian 12).
@Suite struct ServerProfileBudgieTests {
    static let budgie = ServerProfileTests.profile(
        "Budgie Notification Server", "Budgie Desktop Developers",
        ["action-icons", "actions", "body", "body-markup", "sound"])

    @Test func itKeepsEveryNotificationSixToTwelveSecondsSoTheAgentClosesShorterOnes() {
        #expect(Self.budgie.expiresItself(afterMilliseconds: 1000) == false)
        #expect(Self.budgie.expiresItself(afterMilliseconds: 8000))
        let timeouts = Self.budgie.explanation.first { $0.feature == "timeouts" }
        #expect(timeouts?.works == false)
        #expect(timeouts?.detail.contains("6 to 12 s") == true)
        #expect(ServerProfileTests.profile("dunst", "knopwob", ["actions"]).expiresItself(afterMilliseconds: 1000))
    }

    /// Budgie keeps a notification sent with 0 ("never") only 6 s, its shortest, and one sent
    /// with 12000 its longest, 12 s (measured): one meant to stay goes with 12000.
    @Test func oneMeantToStayGoesWithTheLongestTimeBudgieKeepsAny() {
        #expect(Self.budgie.expireTimeoutOnWire(.never) == .milliseconds(12000))
        #expect(Self.budgie.expireTimeoutOnWire(.milliseconds(3000)) == .milliseconds(3000))
        #expect(Self.budgie.expireTimeoutOnWire(.serverDefault) == .serverDefault)
        let dunst = ServerProfileTests.profile("dunst", "knopwob", ["actions"])
        #expect(dunst.expireTimeoutOnWire(.never) == .never)
        let timeouts = Self.budgie.explanation.first { $0.feature == "timeouts" }
        #expect(
            timeouts?.detail.contains("the permission prompt, leave after 12 s") == true, "\(timeouts?.detail ?? "")")
    }

    @Test func itPlaysNoSoundFileSoTheAgentPlaysIt() {
        #expect(!Self.budgie.playsSoundFile)
    }
}

/// Budgie 10.7 draws `image-path` only as a plain path (measured: a red square given as
/// `/tmp/red.png` was drawn, as `file:///tmp/red.png` the stock envelope icon instead).
@Suite struct BudgieImagePathTests {
    @Test func anImageGoesAsAnAbsolutePath() {
        var hints = NotificationHints()
        hints.setImage("/tmp/tea.png", for: ServerProfileBudgieTests.budgie)
        #expect(hints.imagePath == "/tmp/tea.png")
    }
}

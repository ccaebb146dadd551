import FreedesktopNotifications
import Testing

/// The one table of server differences, row by row, with the servers' own names.
@Suite struct ServerProfileTests {
    static func profile(_ name: String, _ vendor: String, _ capabilities: [String]) -> ServerProfile {
        ServerProfile(
            information: ServerInformation(name: name, vendor: vendor, version: "1", specVersion: "1.2"),
            capabilities: ServerCapabilities(capabilities))
    }

    @Test func dunstDoesEverythingButSoundHistoryAndReplies() {
        let dunst = Self.profile("dunst", "knopwob", ["actions", "body", "body-markup", "icon-static"])
        #expect(dunst.showsActions && dunst.hasDefaultAction && dunst.readsMarkup && dunst.drawsImagePath)
        #expect(!dunst.playsSoundFile && !dunst.keepsHistory && !dunst.takesInlineReply)
    }

    @Test func xfceHasNoDefaultAction() {
        let xfce = Self.profile("Xfce Notify Daemon", "Xfce", ["actions", "body", "body-markup"])
        #expect(xfce.showsActions)
        #expect(!xfce.hasDefaultAction)
    }

    @Test func onlyMatePlaysSoundFilesNotGnomesNotificationDaemon() {
        #expect(Self.profile("Notification Daemon", "MATE", ["actions", "sound"]).playsSoundFile)
        #expect(!Self.profile("Notification Daemon", "GNOME", ["actions", "sound"]).playsSoundFile)
    }

    @Test func notifyOSDHasNoButtonsAndDrawsOnlyTheLegacyImageSpelling() {
        let osd = Self.profile("notify-osd", "Canonical Ltd", ["body", "body-markup", "icon-static"])
        #expect(!osd.showsActions && !osd.hasDefaultAction && !osd.drawsImagePath)
        #expect(osd.explanation.first { $0.feature == "buttons" }?.works == false)
        #expect(!Self.profile("lxqt-notificationd", "lxqt.org", ["actions"]).drawsImagePath)
    }

    @Test func mateReportsItsCloseButtonAsAnExpiry() {
        let mate = Self.profile("Notification Daemon", "MATE", ["actions", "body"])
        #expect(!mate.reportsDismissal)
        #expect(mate.explanation.first { $0.feature == "closing" }?.works == false)
        #expect(Self.profile("Notification Daemon", "GNOME", ["actions"]).reportsDismissal)
        #expect(Self.profile("dunst", "knopwob", ["actions"]).reportsDismissal)
        #expect(!Self.profile("notify-osd", "Canonical Ltd", ["body"]).reportsDismissal)
    }

    @Test func onlyGnomesNotificationDaemonLeavesAClosedPopupOnScreen() {
        let gnome = Self.profile("Notification Daemon", "GNOME", ["actions", "body", "persistence"])
        #expect(!gnome.removesClosedPopups)
        #expect(gnome.explanation.first { $0.feature == "closed popups" }?.works == false)
        #expect(Self.profile("Notification Daemon", "MATE", ["actions"]).removesClosedPopups)
        #expect(Self.profile("lxqt-notificationd", "lxqt.org", ["actions"]).removesClosedPopups)
        #expect(Self.profile("Xfce Notify Daemon", "Xfce", ["actions"]).removesClosedPopups)
    }

    @Test func onlyGnomesNotificationDaemonHasRoomForFewButtonsAndLxqtListsTheRestInADropDown() {
        let gnome = Self.profile("Notification Daemon", "GNOME", ["actions", "body", "body-markup"])
        #expect(gnome.maximumButtons == 4 && gnome.buttonsBeforeMenu == nil)
        let count = gnome.explanation.first { $0.feature == "number of buttons" }
        #expect(count?.works == false)
        #expect(count?.detail.contains("first 4 actions") == true)
        let lxqt = Self.profile("lxqt-notificationd", "lxqt.org", ["actions", "body"])
        #expect(lxqt.maximumButtons == nil && lxqt.buttonsBeforeMenu == 3)
        #expect(lxqt.explanation.first { $0.feature == "number of buttons" }?.works == true)
        for (name, vendor) in [("Notification Daemon", "MATE"), ("Xfce Notify Daemon", "Xfce"), ("dunst", "knopwob")] {
            let other = Self.profile(name, vendor, ["actions", "body"])
            #expect(other.maximumButtons == nil && other.buttonsBeforeMenu == nil)
            #expect(other.explanation.first { $0.feature == "number of buttons" }?.works == true)
        }
        let osd = Self.profile("notify-osd", "Canonical Ltd", ["body"])
        #expect(osd.explanation.first { $0.feature == "number of buttons" }?.works == false)
    }

    @Test func actionIconsAreNeverUsedBecauseTheyWouldReplaceTheTitles() {
        let xfce = Self.profile("Xfce Notify Daemon", "Xfce", ["actions", "action-icons"])
        #expect(xfce.drawsActionIcons)
        let line = xfce.explanation.first { $0.feature == "icons on buttons" }
        #expect(line?.works == false && line?.detail.contains("titles are kept") == true)
        #expect(!Self.profile("dunst", "knopwob", ["actions"]).drawsActionIcons)
    }

    @Test func makoTakesActionsButDrawsNoButtonsSoItsMenuCommandIsNamed() {
        let mako = Self.profile(
            "mako", "emersion",
            [
                "body", "body-markup", "actions", "icon-static",
                "x-canonical-private-synchronous", "x-dunst-stack-tag",
            ])
        #expect(mako.showsActions && mako.hasDefaultAction && mako.reportsDismissal && mako.removesClosedPopups)
        #expect(!mako.drawsButtons && mako.actionMenuCommand == "makoctl menu")
        let buttons = mako.explanation.first { $0.feature == "buttons" }
        #expect(buttons?.works == false && buttons?.detail.contains("makoctl menu PROGRAM") == true)
        #expect(mako.explanation.first { $0.feature == "number of buttons" }?.works == true)
        let dunst = Self.profile("dunst", "knopwob", ["actions"])
        #expect(dunst.drawsButtons && dunst.actionMenuCommand == nil)
        let osd = Self.profile("notify-osd", "Canonical Ltd", ["body"])
        #expect(!osd.drawsButtons && osd.actionMenuCommand == nil, "no actions at all: nothing to choose from")
    }

    @Test func gnomeShellPlaysSoundsDrawsThreeButtonsAndIgnoresTimeoutsAndQuietButtons() {
        let shell = Self.profile(
            "gnome-shell", "GNOME", ["actions", "body", "body-markup", "icon-static", "persistence", "sound"])
        #expect(shell.playsSoundFile && shell.maximumButtons == 3 && shell.keepsHistory)
        #expect(!shell.honoursExpireTimeout && !shell.showsButtonsWhenQuiet)
        #expect(shell.explanation.first { $0.feature == "timeouts" }?.works == false)
        #expect(shell.explanation.first { $0.feature == "quiet delivery" }?.works == false)
        #expect(shell.explanation.first { $0.feature == "sound" }?.detail.contains("without a banner") == true)
        let dunst = Self.profile("dunst", "knopwob", ["actions", "body"])
        #expect(dunst.honoursExpireTimeout && dunst.showsButtonsWhenQuiet)
        #expect(dunst.explanation.first { $0.feature == "timeouts" }?.works == true)
    }

    /// Plasma 5.27's own GetCapabilities (measured).
    static let plasmaCapabilities = [
        "body", "body-hyperlinks", "body-markup", "body-images", "icon-static", "actions",
        "persistence", "inline-reply", "x-kde-urls", "x-kde-origin-name",
        "x-kde-display-appname", "inhibitions",
    ]

    @Test func plasmaTakesRepliesKeepsHistoryAndHasDoNotDisturb() {
        let plasma = Self.profile("Plasma", "KDE", Self.plasmaCapabilities)
        #expect(plasma.showsActions && plasma.hasDefaultAction && plasma.keepsHistory && plasma.takesInlineReply)
        #expect(
            plasma.reportsDismissal && plasma.removesClosedPopups && !plasma.playsSoundFile
                && plasma.maximumButtons == nil)
        #expect(plasma.reportsDoNotDisturb)
        #expect(plasma.explanation.first { $0.feature == "typed replies" }?.works == true)
        #expect(
            plasma.refusesQuickRepeats && plasma.explanation.first { $0.feature == "quick repeats" }?.works == false)
        let dunst = Self.profile("dunst", "knopwob", ["actions", "body"])
        #expect(!dunst.reportsDoNotDisturb)
        // Do-not-disturb is the desktop's, explained by DesktopIntegration, not by the specification's profile.
        #expect(!plasma.explanation.contains { $0.feature == "do not disturb" })
        #expect(!dunst.refusesQuickRepeats && !dunst.explanation.contains { $0.feature == "quick repeats" })
    }
}

extension ServerQuirk {
    /// Every measured quirk, by server. Add a row here, with its evidence and a version range
    /// where it is known to change, rather than a branch on a server's name anywhere else.
    /// Unless a row says otherwise, it was measured on the version Debian 12 ships, and the
    /// end-to-end matrix (`Tests/EndToEndTests/Matrix`) checks it on that server.
    public static let table: [ServerQuirk] =
        gnomeShell + plasma + notificationDaemons + wlrootsServers + otherDesktops + portals

    /// The notification portal (``PortalNotificationServer``, "xdg-desktop-portal" by
    /// "freedesktop.org"), whose version is its frontend's, not its backend's.
    static let portals: [ServerQuirk] = [
        ServerQuirk(
            "xdg-desktop-portal", vendor: "freedesktop.org", .playsNoSoundFile,
            evidence: "1.20.3: the frontend says version 2 (sound) while the -gnome and -gtk backends are version "
                + "1, and their notifications dropped the version 2 options, sound included (measured): the "
                + "backend's version cannot be read through the frontend")
    ]

    /// GNOME Shell ("gnome-shell" by "GNOME").
    static let gnomeShell: [ServerQuirk] = [
        ServerQuirk(
            "gnome-shell", vendor: "GNOME", .maximumButtons(3),
            evidence: "43.9: a Notify with four actions showed One, Two, Three, whatever their labels (measured on "
                + "the banner through org.gnome.Shell.Eval)"),
        ServerQuirk(
            "gnome-shell", vendor: "GNOME", .playsSoundFile,
            evidence: "43.9: messageTray.js plays sound-file and sound-name as it shows the banner and ignores "
                + "suppress-sound; recorded on a null sink: one sound per notification, none with the app's sound "
                + "off (measured; SoundMatrixTests)"),
        ServerQuirk(
            "gnome-shell", vendor: "GNOME", .playsSoundOnlyWithBanner,
            evidence: "43.9: a low-urgency notification gets no banner and went to the tray in silence (measured; "
                + "GnomeShellEndToEndTests)"),
        ServerQuirk(
            "gnome-shell", vendor: "GNOME", .ignoresExpireTimeout,
            evidence: "43.9: notificationDaemon.js never reads expire_timeout; -t 1000 changed nothing, a banner "
                + "leaves after about 4 s and stays in the tray (measured; GnomeShellEndToEndTests)"),
        ServerQuirk(
            "gnome-shell", vendor: "GNOME", .hidesButtonsWhenQuiet,
            evidence: "43.9: a low-urgency notification showed no banner and its tray message no buttons (measured; "
                + "ProvisionalMatrixTests)"),
        ServerQuirk(
            "gnome-shell", vendor: "GNOME", since: ServerVersion(46), .dropsNotificationsOfDepartedSenders,
            evidence: "48.7: 20 sends that did not wait for the answer left 14 listed; 51.0 likewise (measured; "
                + "SendKeptEndToEndTests)"),
        ServerQuirk(
            "gnome-shell", vendor: "GNOME", since: ServerVersion(46), .closesAppNotificationsWhenSenderLeaves,
            evidence: "48.7 and 51.0: a notify-send naming an installed desktop entry is gone once notify-send "
                + "exits (measured; notificationDaemon.js destroys an app's source when its first sender's name "
                + "vanishes; SendKeptEndToEndTests)"),
    ]

    /// KDE Plasma ("Plasma" by "KDE"). Its do-not-disturb is the `inhibitions` capability's.
    static let plasma: [ServerQuirk] = [
        ServerQuirk(
            "Plasma", vendor: "KDE", .refusesQuickRepeats,
            evidence: "5.27: three identical sends in a row, the second and third refused with "
                + "ExcessNotificationGeneration, whatever their replaces_id (measured; PlasmaEndToEndTests)")
    ]

    /// notification-daemon ("Notification Daemon" by "GNOME"), mate-notification-daemon (by
    /// "MATE"), notify-osd and lxqt-notificationd.
    static let notificationDaemons: [ServerQuirk] = [
        ServerQuirk(
            "Notification Daemon", vendor: "GNOME", .maximumButtons(4),
            evidence: "3.20: a fixed 400 px popup; four buttons with usual labels fit, the fifth is cut in half, a "
                + "sixth never shows, and the close X goes (measured; docs/research/button-limits.md)"),
        ServerQuirk(
            "Notification Daemon", vendor: "GNOME", .playsNoSoundFile,
            evidence: "3.20: advertises sound (measured) and plays no sound hint: it has no sound player (read in "
                + "its code; unotifyd plays the sound, SoundMatrixTests)"),
        ServerQuirk(
            "Notification Daemon", vendor: "GNOME", .leavesClosedPopupsDrawn,
            evidence: "3.20: answers CloseNotification with NotificationClosed(id, 3) but leaves the popup drawn, "
                + "and later notifications wait behind it; a replacement that expires after 1 ms removes it "
                + "(measured twice; ProvisionalMatrixTests)"),
        ServerQuirk(
            "Notification Daemon", vendor: "MATE", .playsSoundFile,
            evidence: "1.26: plays the sound-file hint (measured on a null sink; SoundMatrixTests)"),
        ServerQuirk(
            "Notification Daemon", vendor: "MATE", .reportsCloseAsExpiry,
            evidence: "1.26: its close X reports reason 1, like a timeout (measured; DismissMatrixTests)"),
        ServerQuirk(
            "lxqt-notificationd", .buttonsBeforeMenu(3),
            evidence: "1.2: up to 3 buttons (default drawn as Open); from the 4th action on a drop-down list with "
                + "OK holds every action, each invoked correctly, 8 measured (docs/research/button-limits.md)"),
        ServerQuirk(
            "lxqt-notificationd", before: ServerVersion(2, 4), .drawsOnlyDeprecatedImagePath,
            evidence: "1.2: draws image_path only, and nothing at all when image-path is sent too (measured; "
                + "docs/research/lxqt-images.md, ImageMatrixTests); 2.4.0 draws image-path, image_path, both, and "
                + "a file:// URI, 1024 red pixels each (measured; ImageMatrixTests on lxqt-2.4)"),
        ServerQuirk(
            "notify-osd", .drawsOnlyDeprecatedImagePath,
            evidence: "0.9.35: draws image_path only (measured; docs/research/lxqt-images.md)"),
    ]

    /// Servers of wlroots compositors and standalone ones: dunst, mako, SwayNotificationCenter.
    static let wlrootsServers: [ServerQuirk] = [
        ServerQuirk(
            "mako", .drawsNoButtons(menuCommand: "makoctl menu"),
            evidence: "1.7.1 under sway 1.7 (\"mako\" by \"emersion\", 0.0.0 in Debian's build): advertises "
                + "actions and reports ActionInvoked but draws only summary and body; makoctl menu or invoke picks "
                + "an action, a left click invokes default (measured; MakoEndToEndTests); 1.11.0 the same, its "
                + "makoctl a C program (measured; the matrix on mako-1.11)"),
        ServerQuirk(
            "SwayNotificationCenter", vendor: "ErikReider", .keepsExpiredPopupsInControlCenter,
            evidence: "0.7.3 under sway 1.7: a popup leaves after its timeout into the control center with no "
                + "NotificationClosed; clearing it there sends 2, CloseNotification 3 then 2; a click sends "
                + "ActionInvoked then NotificationClosed 3, 2, 2 (measured with dbus-monitor; "
                + "AnsweredOnceMatrixTests); 0.12.6 the same into its control center, a click sends "
                + "ActivationToken, ActionInvoked, then one NotificationClosed 2 (measured; the matrix on swaync-0.12)"),
        ServerQuirk(
            "SwayNotificationCenter", vendor: "ErikReider", since: ServerVersion(0, 9),
            .drawsInlineReplyOnlyWhenConfigured,
            evidence: "0.12.6: advertises inline-reply, but with the stock configuration "
                + "(notification-inline-replies false) the popup draws only the other buttons; with it true an "
                + "\"Enter Text\" field sends NotificationReplied then NotificationClosed 2 (measured; the matrix "
                + "on swaync-0.12)"),
        ServerQuirk(
            "SwayNotificationCenter", vendor: "ErikReider", before: ServerVersion(0, 12),
            .readsImagePathAsFilePath,
            evidence: "0.7.3: a 64x64 red square given as a path drew 4096 red pixels, as a file:// URI none "
                + "(measured; ImageMatrixTests); 0.12.6 draws a path, a file:// URI and a %20-escaped one "
                + "(measured; ImageMatrixTests on swaync-0.12)"),
    ]

    /// The other desktops' own servers: Xfce, Cinnamon, Budgie, Enlightenment, awesome, Phosh.
    static let otherDesktops: [ServerQuirk] = [
        ServerQuirk(
            "Xfce Notify Daemon", .hasNoDefaultAction,
            evidence: "0.7.3: a click on the body closes the popup and reports no default action (measured); "
                + "0.9.7: a click on the body closes it as a dismissal (measured; DismissMatrixTests)"),
        ServerQuirk(
            "cinnamon", vendor: "GNOME", .reportsDismissalAsReasonZero,
            evidence: "5.6: the cross on a banner and on the tray applet sent NotificationClosed(id, 0) once; "
                + "buttons, CloseNotification and remove-old expiry send 2, 3 and 1 (measured; DismissMatrixTests); "
                + "6.6.9 the same (measured; the matrix on cinnamon-6.6)"),
        ServerQuirk(
            "cinnamon", vendor: "GNOME", .playsNoSoundFile,
            evidence: "5.6.8 advertises sound (measured) and ignores the sound hints (measured); 6.6.9 the same "
                + "(unotifyd plays the sound, SoundMatrixTests on cinnamon-6.6)"),
        ServerQuirk(
            "cinnamon", vendor: "GNOME", .ignoresExpireTimeout,
            evidence: "5.6 with remove-old false, as shipped: -t 1000 closed nothing, the banner left for the tray "
                + "after 4 s with no signal (measured); 6.6.9 the same (measured)"),
        ServerQuirk(
            "cinnamon", vendor: "GNOME", before: ServerVersion(6, 6), .readsImagePathAsFilePath,
            evidence: "5.6: notificationDaemon.js passes image-path to GLib.filename_to_uri, which throws on "
                + "file://; with an app icon the whole banner was lost (measured; ImageMatrixTests); 6.6.9 draws "
                + "a path and a file:// URI, with or without an app icon (measured)"),
        ServerQuirk(
            "cinnamon", vendor: "GNOME", since: ServerVersion(6, 6), .discardsNotificationsInDoNotDisturb,
            evidence: "6.6.9: with display-notifications off every Notify, critical too, is answered with an id, "
                + "then NotificationClosed(id, 2) within 5-17 ms and no banner; 5.6.8 put it in the tray applet "
                + "(measured; DoNotDisturbEndToEndTests)"),
        ServerQuirk(
            "Budgie Notification Server", vendor: "Budgie Desktop Developers", since: ServerVersion(10, 10),
            .discardsNotificationsInDoNotDisturb,
            evidence: "10.10.3: with do-not-disturb on (ToggleDoNotDisturb) every Notify, critical (urgency 2) "
                + "too, is closed at once with reason 1 and never drawn; 10.7 let critical ones pop up "
                + "(measured on labwc; DoNotDisturbEndToEndTests)"),
        ServerQuirk(
            "Budgie Notification Server", vendor: "Budgie Desktop Developers", .playsNoSoundFile,
            evidence: "10.7.1 advertises sound (measured); 10.7 and 10.10 play sound-name and their category "
                + "sounds through libcanberra, honouring suppress-sound, and never read sound-file (read in its "
                + "code: budgie-daemon's strings); unotifyd plays the sound (SoundMatrixTests)"),
        ServerQuirk(
            "Budgie Notification Server", vendor: "Budgie Desktop Developers", .wantsDefaultActionLast,
            evidence: "10.7: default, snooze, drink showed only Drink; snooze, default, drink only Snooze; snooze, "
                + "drink, default both (measured); 10.10.3: a default first still drops the next button (measured)"),
        ServerQuirk(
            "Budgie Notification Server", vendor: "Budgie Desktop Developers", .expireTimeoutClamp(6000...12000),
            evidence: "10.7: notify-send -t 1000 stayed 6 s, 0 6 s, 20000 12 s, then reason 1; a critical prompt "
                + "sent with 0 left after 6.1 s (measured; ServerProfileBudgieTests); 10.10.3 on labwc: 1000, 0, -1 "
                + "and 5000 closed at 6 s, 20000 at 12 s (measured)"),
        ServerQuirk(
            "Budgie Notification Server", vendor: "Budgie Desktop Developers", .readsImagePathAsFilePath,
            evidence: "10.7: a red square given as a path was drawn, as a file:// URI its stock envelope icon "
                + "instead (measured; ImageMatrixTests); 10.10.3 draws the path (ImageMatrixTests on "
                + "budgie-10.10)"),
        ServerQuirk(
            "e17", vendor: "enlightenment.org", .reportsDismissalWithoutActions,
            evidence: "0.25.4 (reports itself as 0.17): capabilities body body-markup, no ActionInvoked ever, but a "
                + "close cross (measured; DismissMatrixTests)"),
        ServerQuirk(
            "e17", vendor: "enlightenment.org", .numbersCloseReasonsOneLower,
            evidence: "0.25.4: -t 1500 closed with 0 after 1.0 s, the cross (xdotool) sent 1, CloseNotification 2 "
                + "(measured with dbus-monitor; DismissMatrixTests, CloseMatrixTests)"),
        ServerQuirk(
            "e17", vendor: "enlightenment.org", .dropsQuietNotifications,
            evidence: "0.25.4 as configured out of the box: notify-send -u low drew no popup, -u normal did "
                + "(measured; ProvisionalMatrixTests)"),
        ServerQuirk(
            "e17", vendor: "enlightenment.org", .readsImagePathAsFilePath,
            evidence: "0.25.4: a 64x64 red square given as a path drew 1600 red pixels scaled, as a file:// URI "
                + "none (measured; ImageMatrixTests)"),
        ServerQuirk(
            "Notification Service", vendor: "Enlightenment", .dropsQuietNotifications,
            evidence: "0.27.1 (it no longer reports itself as e17) as configured out of the box: urgency 0 drew no "
                + "popup, a normal one did (measured; ProvisionalMatrixTests on enlightenment-0.27)"),
        ServerQuirk(
            "Notification Service", vendor: "Enlightenment", .playsNoSoundFile,
            evidence: "0.27.1 advertises sound (measured) and plays no sound-file: left to it, SoundMatrixTests on "
                + "enlightenment-0.27 heard nothing on the null sink in 20 s; unotifyd plays the sound"),
        ServerQuirk(
            "Notification Service", vendor: "Enlightenment", .readsImagePathAsFilePath,
            evidence: "0.27.1: a 64x64 red square given as a path drew 1600 red pixels scaled, as a file:// URI "
                + "none, as 0.25.4 (measured; ImageMatrixTests on enlightenment-0.27)"),
        ServerQuirk(
            "naughty", vendor: "awesome", .keysActionsByTitle,
            evidence: "4.3: -A a=Same -A b=Same drew one row, -A a=Alpha -A b=Beta drew Beta above Alpha (measured)"),
        ServerQuirk(
            "naughty", vendor: "awesome", .showsLinksAsRawText,
            evidence: "4.3: <b>x</b> is bold, but <b>x</b> <a href=\"…\">y</a> showed every tag as typed (measured)"),
        ServerQuirk(
            "naughty", vendor: "awesome", .drawsImagesOnlyAsAppIcon,
            evidence: "4.3: a red square given as app_icon was drawn, given as either image hint nothing (measured; "
                + "ImageMatrixTests)"),
        ServerQuirk(
            "Phosh Notify Daemon", vendor: "Phosh", .reportsDismissalAsClosedByCall,
            evidence: "0.58.0: its banner has no close button; a swipe across it (a drag of the Wayland pointer, "
                + "as a finger's) takes it away with NotificationClosed(id, 3) (measured; DismissMatrixTests on "
                + "phosh-0.58); in its source the swipe in its list is the same PHOSH_NOTIFICATION_REASON_CLOSED "
                + "that CloseNotification gets, and its \"clear all\" sends 2"),
        ServerQuirk(
            "Phosh Notify Daemon", vendor: "Phosh", .playsNoSoundOnReplace,
            evidence: "0.58.0: a Notify with replaces_id updates the notification in place and triggers no "
                + "feedbackd event (measured: notify-send with a sound-file, then again with -r and the same hint, "
                + "made one TriggerFeedback; SoundEndToEndTests.phoshHearsAnUpdateWithASound heard nothing)"),
        ServerQuirk(
            "Phosh Notify Daemon", vendor: "Phosh", .replaysListedSounds,
            evidence: "0.58.0: every notification becomes a feedbackd event, with its sound-file; when an app's "
                + "group comes back to the top of the list (it notifies after another app did), phosh triggers the "
                + "event of the group's newest listed notification again, sound-file and all, before the new "
                + "one's (dbus-monitor on org.sigxcpu.Feedback: Ding from Bell, Marker, then Quiet from Bell with "
                + "suppress-sound replayed Ding's sound-file); a Notify replacing it without the hint leaves the "
                + "replay silent (measured; SoundMatrixTests on phosh-0.58 heard 8.0 markers of other sound before)"),
    ]
}

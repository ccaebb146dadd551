/// What one notification server can do: its capabilities, corrected by its name where the
/// capabilities say too little or too much. **The one place** where servers' differences are
/// decided; each rule that goes by name cites its evidence (measured on Debian 12's servers,
/// and checked on each of them by the end-to-end matrix, `Tests/EndToEndTests/Matrix`).
public struct ServerProfile: Hashable, Sendable {
    /// What the server says it is, or `nil` when it did not answer `GetServerInformation`.
    public let information: ServerInformation?
    /// What the server says it can do.
    public let capabilities: ServerCapabilities

    /// The profile of a server from its answers to `GetServerInformation` and `GetCapabilities`.
    public init(information: ServerInformation?, capabilities: ServerCapabilities) {
        self.information = information
        self.capabilities = capabilities
    }

    var name: String { information?.name ?? "" }
    var vendor: String { information?.vendor ?? "" }

    /// Buttons (actions) are shown and `ActionInvoked` comes back. notify-osd has none: a
    /// `Notify` with actions becomes a fallback dialog with id 0 (measured; `NotifyOSDEndToEndTests`).
    public var showsActions: Bool { capabilities.contains(.actions) }

    /// Actions are drawn as buttons on the popup. mako 1.7 ("mako" by "emersion", version
    /// 0.0.0 in Debian's build) advertises `actions` and reports `ActionInvoked`, but draws only
    /// the summary and the body: its user picks an action by its label with `makoctl menu
    /// PROGRAM` (a dmenu-like program, usually bound to a key in sway), or by key with `makoctl
    /// invoke [-n ID] KEY`; a left click invokes `default`, a right click dismisses (measured
    /// on mako 1.7.1 under sway 1.7; `MakoEndToEndTests`).
    public var drawsButtons: Bool { showsActions && name != "mako" }

    /// Where actions are taken but no buttons drawn, the server's command that lists a
    /// notification's actions for the user to choose one (``drawsButtons``): `makoctl menu`.
    /// Every notification with choices then names them and this command in its body.
    public var actionMenuCommand: String? { showsActions && !drawsButtons ? "makoctl menu" : nil }

    /// Clicking the notification itself reports the `default` action. xfce4-notifyd 0.7 has no
    /// default action: a click on the body closes the popup (measured).
    public var hasDefaultAction: Bool { showsActions && name != "Xfce Notify Daemon" }

    /// The most buttons one popup shows so that each can still be clicked, not counting the
    /// `default` action (not drawn as a button where a limit is known); nil = no limit known.
    ///
    /// notification-daemon ("Notification Daemon" by "GNOME") has a fixed 400 px popup: buttons
    /// that do not fit are cut off at its right edge and later ones are not drawn at all, and the
    /// close "X" disappears. Four fit with usual labels ("Action 1"…, or "Mark as Read", "Snooze",
    /// "Delete", "Archive"); the fifth "Action 5" is cut in half, a sixth never shows. Shorter
    /// labels fit up to six, 20-character ones only two: the limit is a width, four is the most
    /// that fits with usual labels. xfce4-notifyd and mate widen the popup instead (8 buttons
    /// measured, all clickable), dunst lists every action in its menu and lxqt in a drop-down
    /// (`buttonsBeforeMenu`) (`docs/research/button-limits.md`).
    ///
    /// GNOME Shell 43 ("gnome-shell") draws at most three buttons on a banner and drops the rest
    /// (a `Notify` with four actions showed One, Two, Three; measured on the banner through
    /// `org.gnome.Shell.Eval`), whatever their labels.
    public var maximumButtons: Int? {
        if isGnomeShell { return 3 }
        return name == "Notification Daemon" && vendor == "GNOME" ? 4 : nil
    }

    /// GNOME Shell ("gnome-shell" by "GNOME"). Its `org.freedesktop.Notifications` is owned by a
    /// separate gjs service that forwards to the shell; the shell broadcasts a second copy of
    /// each `ActionInvoked` / `NotificationClosed` from its own unique name, which clients drop
    /// because signals count only from the name's current owner (measured with dbus-monitor;
    /// `GnomeShellEndToEndTests`).
    private var isGnomeShell: Bool { name == "gnome-shell" && vendor == "GNOME" }

    /// The most actions shown as buttons before the server shows them all in a drop-down list
    /// with an OK button instead; nil where that never happens. lxqt-notificationd draws up to 3
    /// buttons (`default` counts, and is drawn as an "Open" button); from the 4th action on it
    /// shows `Actions: [list] [OK]`, whose list holds every action, each invoked correctly
    /// (8 measured). Nothing is dropped (`docs/research/button-limits.md`).
    public var buttonsBeforeMenu: Int? { name == "lxqt-notificationd" ? 3 : nil }

    /// The body is read as markup, so user text must be escaped.
    public var readsMarkup: Bool { capabilities.contains(.bodyMarkup) }

    /// The server plays the `sound-file` hint itself, so unotifyd sends it and plays nothing:
    /// mate-notification-daemon ("Notification Daemon" by "MATE") and GNOME Shell;
    /// notification-daemon ("GNOME") advertises `sound` and plays nothing (measured with a
    /// PulseAudio null sink; `SoundMatrixTests`). GNOME Shell plays `sound-file` and
    /// `sound-name` when it shows the banner and ignores `suppress-sound`: were unotifyd to play
    /// the sound too whenever the server does, it would be heard twice; sending `sound-file` only
    /// when a sound is wanted, it is heard once, with the banner (its `messageTray.js` plays it
    /// when it shows the banner; recorded: one sound per notification, none with the app's
    /// sound off).
    ///
    /// Plasma 6.4 and later advertise `sound` and play the hints themselves, honouring the user's
    /// Plasma sound settings, so there too unotifyd sends the file and plays nothing (a
    /// ``ServerVersionRule``); Plasma 5.27 and 6.3 advertise no `sound` and keep the agent's path.
    public var playsSoundFile: Bool {
        if (name == "Notification Daemon" && vendor == "MATE") || isGnomeShell { return true }
        return capabilities.contains(.sound) && ServerVersionRule.holds(.playsAdvertisedSound, for: information)
    }

    /// The server drops a notification whose sender left the bus before the server asked for its
    /// process (GNOME Shell 46 and later, a ``ServerVersionRule``): a one-shot sender must wait
    /// for `Notify`'s answer before it exits, as `unotify send` always does.
    public var dropsNotificationsOfDepartedSenders: Bool {
        ServerVersionRule.holds(.dropsNotificationsOfDepartedSenders, for: information)
    }

    /// The server closes every notification of an app when the connection that first sent one
    /// leaves the bus (GNOME Shell 46 and later, a ``ServerVersionRule``): what a one-shot sender
    /// posts for an app is gone when it exits, unless a connection that stays sends it.
    public var closesAppNotificationsWhenSenderLeaves: Bool {
        ServerVersionRule.holds(.closesAppNotificationsWhenSenderLeaves, for: information)
    }

    /// A user's close is reported as a dismissal (`NotificationClosed` reason 2, read through
    /// ``closeReason(_:)``). mate reports its close button as an expiry (reason 1), like a
    /// timeout, so a close there cannot be told from one (measured: its close "X" reports reason
    /// 1; `DismissMatrixTests`). Enlightenment has no actions but a close cross, reported as a
    /// dismissal in its own numbering.
    public var reportsDismissal: Bool {
        !(name == "Notification Daemon" && vendor == "MATE") && (showsActions || isEnlightenment)
    }

    /// Enlightenment ("e17" by "enlightenment.org", version "0.17" as it reports itself; measured
    /// on Enlightenment 0.25.4): its notification module has no actions at all (capabilities
    /// `body body-markup`), draws no buttons and never sends `ActionInvoked`.
    private var isEnlightenment: Bool { name == "e17" && vendor == "enlightenment.org" }

    /// Why the server closed a notification, from the reason its `NotificationClosed` carries.
    /// Enlightenment 0.25 numbers every reason one lower than the specification: an expiry is 0,
    /// its close cross 1, `CloseNotification` 2 (measured with dbus-monitor: `-t 1500` closed
    /// with 0 after 1.0 s; the cross, clicked with xdotool, sent 1; `CloseNotification` 2), so
    /// read by the specification a user's close would be an expiry and the app's own close a
    /// dismissal. Its reasons are mapped back here (`DismissMatrixTests`, `CloseMatrixTests`).
    /// Every other server's reason is taken as it comes.
    public func closeReason(_ reported: CloseReason) -> CloseReason {
        guard isEnlightenment else { return reported }
        switch reported.wireValue {
        case 0: return .expired
        case 1: return .dismissed
        case 2: return .closedByCall
        default: return reported
        }
    }

    /// SwayNotificationCenter ("SwayNotificationCenter" by "ErikReider", 0.7.3 measured under
    /// sway 1.7). A popup leaves the screen after its timeout (`expire_timeout`, or 10 s, 5 s for
    /// low urgency, from its `config.json`) into the control center with **no**
    /// `NotificationClosed`: the notification is still the server's, so it stays delivered until
    /// the user clears it there (`NotificationClosed` 2) or the app removes it
    /// (`CloseNotification`: 3, then 2). After a click on a button it sends `ActionInvoked`, then
    /// `NotificationClosed` three times, reasons 3, 2, 2 (measured with dbus-monitor); the first
    /// close after a click is taken as the end of the answered notification, and the later ones
    /// name an id that is gone (`AnsweredOnceMatrixTests`).
    private var isSwaync: Bool { name == "SwayNotificationCenter" && vendor == "ErikReider" }

    /// What a `NotificationClosed` reason `wireValue` from this server means. Cinnamon 5.6
    /// ("cinnamon" by "GNOME") reports its close cross with reason 0, outside the
    /// specification: the cross's `clicked` handler passes the button to `destroy` as its
    /// reason, which maps to no reason and goes out as 0 (measured: the cross pressed on a
    /// banner and on the tray applet's message sent `NotificationClosed(id, 0)` once; the
    /// buttons, `CloseNotification` and `remove-old` expiry send 2, 3 and 1). So 0 from Cinnamon
    /// is the user's dismissal, never an expiry (`DismissMatrixTests`). A server that sends
    /// "closed" twice for one close (Budgie's close cross: `NotificationClosed(id, 2)` twice,
    /// measured) needs no rule: the agent handles only the first per notification.
    public func closeReason(wireValue: UInt32) -> CloseReason {
        isCinnamon && wireValue == 0 ? .dismissed : CloseReason(wireValue: wireValue)
    }

    /// Cinnamon ("cinnamon" by "GNOME", 5.6 measured): notifications are drawn by the cinnamon
    /// process (notificationDaemon.js, GNOME Shell 3.2's, forked). A banner shows for
    /// `notification-duration` (4 s), then the notification moves to the tray applet with no
    /// signal: it is still delivered (the agent lists it; removing it sends `CloseNotification`,
    /// which takes it out of the tray, reason 3). Sound hints are ignored (only
    /// `suppress-sound` is read; silent on a PulseAudio null sink), so unotifyd plays the sound.
    private var isCinnamon: Bool { name == "cinnamon" && vendor == "GNOME" }

    /// `CloseNotification` takes the popup off the screen. notification-daemon 3.20
    /// ("Notification Daemon" by "GNOME") answers it with `NotificationClosed(id, 3)` but leaves
    /// the popup drawn until its own timeout, which for the agent's popups (`expire_timeout` 0)
    /// never comes; as it shows one popup at a time, every later notification waits behind it
    /// (measured, twice: an answered *Keep* follow-up stayed up and the
    /// next notification never appeared). Replacing the popup (`replaces_id`) with one that
    /// expires after 1 ms does remove it, also under the pointer, and emits no signal.
    public var removesClosedPopups: Bool { !(name == "Notification Daemon" && vendor == "GNOME") }

    /// The server plays a notification's sound also when it shows no banner for it (low
    /// urgency). GNOME Shell plays it only as it shows the banner (`messageTray.js`), and shows
    /// none for a low-urgency notification, which goes to the tray alone: there unotifyd plays
    /// the sound itself (recorded: silent before, heard once since; `GnomeShellEndToEndTests`).
    public var playsSoundWithoutBanner: Bool { !isGnomeShell }

    /// The server closes a notification after its `expire_timeout`. GNOME Shell ignores it
    /// (its `notificationDaemon.js` never reads it): a banner leaves after about 4 s, or when
    /// the user comes back if they were away, a critical one (the permission prompt) stays until
    /// answered, and every notification stays in the tray until it is removed or cleared
    /// (measured: `-t 1000` changed nothing). So the agent closes an app's notification itself
    /// when its expiry time is up (`GnomeShellEndToEndTests`).
    ///
    /// Cinnamon 5.6 honours it only with `org.cinnamon.desktop.notifications remove-old` true,
    /// off as shipped (measured with remove-old false: `-t 1000` closed nothing, the banner left
    /// for the tray after 4 s with no signal; with it true, reason 1 after about 1 s), so there
    /// too the agent closes an app's notification when its time is up.
    public var honoursExpireTimeout: Bool { !isGnomeShell && !isCinnamon }

    /// The server itself closes a notification `milliseconds` after it is shown, as its
    /// `expire_timeout` asks; otherwise the agent closes it then (`CloseNotification`).
    public func expiresItself(afterMilliseconds milliseconds: Int32) -> Bool {
        guard let clamp = expireTimeoutClamp else { return honoursExpireTimeout }
        return honoursExpireTimeout && milliseconds >= clamp.lowerBound
    }

    /// The server drops the action after `default` in a `Notify`'s actions, so every button
    /// is sent before `default`. Budgie 10.7 (measured: `default, snooze, drink` showed only
    /// Drink, `snooze, default, drink` only Snooze, `snooze, drink, default` both, and a click on
    /// the body still reports `default`; a click on a button reports its action, then `default`
    /// too, which the agent drops as a second answer).
    public var wantsDefaultActionLast: Bool { isBudgie }

    /// The server keeps a notification's actions in a table keyed by their titles, so two
    /// actions with one title become one button and the order on screen is arbitrary: awesome
    /// 4.3's naughty ("naughty" by "awesome"; measured: `-A a=Same -A b=Same` drew one row,
    /// `-A a=Alpha -A b=Beta` drew Beta above Alpha). The agent makes the titles distinct.
    public var keysActionsByTitle: Bool { name == "naughty" && vendor == "awesome" }

    /// The range the server forces every notification's time on screen into, in milliseconds,
    /// whatever its `expire_timeout` (0 "never" and -1 included); nil where it has none. Budgie
    /// 10.7 ("Budgie Notification Server" by "Budgie Desktop Developers") keeps a popup 6 to
    /// 12 s, then closes it with reason 1 (measured with `notify-send -t`: 1000 → 6 s, 0 → 6 s,
    /// 20000 → 12 s; a critical permission prompt with 0 also left after 6.1 s, reason 1;
    /// the countdown pauses while the pointer is over the popup). So the agent closes a shorter
    /// one itself; a longer one, or one meant to stay, leaves after 12 s at most.
    public var expireTimeoutClamp: ClosedRange<Int32>? { isBudgie ? 6000...12000 : nil }

    /// The `expire_timeout` to send for a notification that asks for `timeout`: itself, except
    /// that one meant to stay (`never`) goes, to a server that forces every notification's time
    /// into a range (``expireTimeoutClamp``), with the range's longest. Budgie 10.7 keeps one sent
    /// with 0 only 6 s, its shortest, and one sent with 12000 12 s (measured), so the permission
    /// prompt, which waits for the user, stays as long as Budgie lets any notification stay.
    public func expireTimeoutOnWire(_ timeout: ExpireTimeout) -> ExpireTimeout {
        guard timeout == .never, let clamp = expireTimeoutClamp else { return timeout }
        return .milliseconds(clamp.upperBound)
    }

    /// Budgie 10.7's notification server, in `budgie-daemon` (measured on Debian 12): its close
    /// cross sends `NotificationClosed(id, 2)` twice (the agent handles the first only, so one
    /// click is one response); it plays `sound-name` only for apps whose desktop entry says
    /// `X-GNOME-UsesNotifications` and never `sound-file`, so unotifyd plays the sound and sends
    /// `suppress-sound`, which Budgie honours.
    private var isBudgie: Bool { name == "Budgie Notification Server" && vendor == "Budgie Desktop Developers" }

    /// A low-urgency notification is shown with its buttons. GNOME Shell shows a low-urgency
    /// notification only in its tray, and the tray draws no buttons (measured: no banner; the
    /// tray's message has no buttons), so a provisional notification, which is delivered
    /// quietly, could never be answered there: it is sent with normal urgency instead, as a
    /// banner that then stays in the tray (`PresentationMapping`).
    /// Cinnamon 5.6 does the same: a low-urgency `Notify` with two actions showed no banner,
    /// its buttons unmapped in the tray (measured through `org.Cinnamon.Eval`).
    public var showsButtonsWhenQuiet: Bool { !isGnomeShell && !isCinnamon }

    /// A low-urgency notification is shown at all. Enlightenment 0.25's notification module, as
    /// configured out of the box, drops low-urgency notifications (answers with an id, draws
    /// nothing, sends nothing; measured: `notify-send -u low` drew no popup, `-u normal` did), so
    /// a provisional notification, whose body carries the `unotify settings` commands that
    /// answer it there, is sent with normal urgency (`ProvisionalMatrixTests`).
    public var showsQuietNotifications: Bool { !isEnlightenment }

    /// The server can draw an icon instead of a button's title (`action-icons`). unotify never
    /// asks for it: the specification's action icons *replace* the title and are named by the
    /// action's key, whereas an icon is meant to stand beside a title, so the titles are kept.
    /// Advertised by xfce4-notifyd, notification-daemon and mate (measured).
    public var drawsActionIcons: Bool { capabilities.contains(.actionIcons) }

    /// Notifications stay in a history after they leave the screen.
    public var keepsHistory: Bool { capabilities.contains(.persistence) }

    /// Typed replies in the notification (KDE's `inline-reply`): only KDE Plasma among the
    /// servers measured. Plasma 5.27 draws the reply action as its last button, which opens a
    /// field (placeholder and send button from `x-kde-reply-*` hints); the text comes back in
    /// `NotificationReplied`, with no `ActionInvoked`, followed by `NotificationClosed(id, 3)`
    /// (measured; a reply typed into the real field with xdotool, `PlasmaInlineReplyEndToEndTests`).
    public var takesInlineReply: Bool { capabilities.contains(.inlineReply) }

    /// The server has a do-not-disturb mode it reports (`inhibitions`: KDE Plasma's `Inhibit` /
    /// `UnInhibit` and its `Inhibited` property). While it is on, Plasma 5.27 shows a notification
    /// that is not critical in its history only, with no popup and no sound; a critical one (the
    /// permission prompt) still pops up (measured). The agent, which plays the sound itself
    /// there, then stays silent too, and the notification is delivered all the same
    /// (`PlasmaEndToEndTests`).
    public var reportsDoNotDisturb: Bool { capabilities.contains(.inhibitions) }

    /// The server refuses a notification with the same app name, summary and body as the one
    /// before it within about a second, whatever its `replaces_id`: KDE Plasma ("Plasma" by
    /// "KDE") answers `Notify` with the error `ExcessNotificationGeneration` (measured on 5.27,
    /// three identical sends in a row: the second and third refused). unotify passes the error to
    /// the app (`PlasmaEndToEndTests`).
    public var refusesQuickRepeats: Bool { name == "Plasma" && vendor == "KDE" }

    /// Images are drawn from `image-path`; lxqt-notificationd and notify-osd draw only the
    /// deprecated `image_path` spelling (measured; `docs/research/lxqt-images.md`). lxqt 1.2 draws nothing at all when
    /// `image-path` is sent too, so these servers get `image_path` alone
    /// (``NotificationHints/setImage(_:for:)``, `docs/research/lxqt-images.md`).
    public var drawsImagePath: Bool { !(name == "lxqt-notificationd" || name == "notify-osd") }

    /// The server reads `image-path` as an absolute file path, never a URI: Cinnamon 5.6's
    /// notificationDaemon.js passes it to `GLib.filename_to_uri`, which throws on `file://…`;
    /// where the app also has an icon the whole banner was lost (measured: no banner, the id
    /// kept with no signal, "The pathname file:///… is not an absolute path" in its log). So a
    /// local image goes there as its path (``NotificationHints/setImage(_:for:)``). Budgie 10.7
    /// too: a red square given as a path was drawn, as a `file://` URI its stock envelope icon
    /// instead (measured). SwayNotificationCenter 0.7.3 and Enlightenment 0.25 as well: a 64×64
    /// red square given as a path was drawn (4096 red pixels on swaync, 1600 scaled on E), as a
    /// `file://` URI no red pixel at all (measured; `ImageMatrixTests`).
    public var readsImagePathAsFilePath: Bool { isCinnamon || isBudgie || isSwaync || isEnlightenment }

    /// The server draws no image hint (`image-path`, `image_path`), only `app_icon`, a file
    /// path included: awesome 4.3's naughty (measured: a red square given as `app_icon` was
    /// drawn, given as either hint nothing). So an image goes there as the app icon.
    public var drawsImagesOnlyAsAppIcon: Bool { name == "naughty" && vendor == "awesome" }

    /// One line per feature: what works, what degrades and how, in words a user understands.
    public var explanation: [(feature: String, works: Bool, detail: String)] {
        featureLines + (DoNotDisturbSwitch.of(self).map { [doNotDisturbLine($0)] } ?? [])
            + (showsLinksAsRawText
                ? [
                    (
                        "links", false,
                        "a body with a link (<a>) is shown as raw text by this server: links are sent as their text"
                    )
                ] : [])
            + (keysActionsByTitle
                ? [
                    (
                        "button titles", true,
                        "the server keys actions by title, in any order: a repeated title is numbered (\"Done (2)\")"
                    )
                ] : [])
            + (refusesQuickRepeats
                ? [
                    (
                        "quick repeats", false,
                        "the same title and body again within about a second is refused by the server "
                            + "(ExcessNotificationGeneration); the app gets that error"
                    )
                ] : [])
    }

    /// The "do not disturb" line of `explanation`, for servers whose switch unotify reads
    /// (``DoNotDisturbSwitch``): what the server and unotifyd do while it is on (measured).
    private func doNotDisturbLine(_ doNotDisturb: DoNotDisturbSwitch) -> (feature: String, works: Bool, detail: String)
    {
        switch doNotDisturb {
        case .inhibited:
            (
                "do not disturb", true,
                "while the desktop's do-not-disturb is on, notifications go to its history without a popup, "
                    + "and unotifyd plays no sound for them; the permission prompt (critical) still pops up"
            )
        case .dunstPaused:
            (
                "do not disturb", false,
                "while dunst is paused, it holds every notification until it resumes, critical ones too; "
                    + "unotifyd plays no sound for them but a critical one's"
            )
        case .makoMode:
            (
                "do not disturb", true,
                "in mako's mode do-not-disturb unotifyd plays no sound but a critical one's; mako hides "
                    + "notifications only where its configuration has [mode=do-not-disturb] invisible=1"
            )
        case .xfconf:
            (
                "do not disturb", true,
                "while Xfce's do-not-disturb is on, xfce4-notifyd logs notifications without a popup and unotifyd "
                    + "plays no sound for them; critical ones pop up with their sound"
            )
        case .swayncDnd:
            (
                "do not disturb", true,
                "while SwayNotificationCenter's do-not-disturb is on, it keeps notifications in its control center "
                    + "without a popup; unotifyd plays no sound but a critical one's (swaync plays none itself)"
            )
        case .budgieDispatcher:
            (
                "do not disturb", true,
                "while Budgie's do-not-disturb is on, budgie-daemon shows no popup for a notification that is not "
                    + "critical and closes it at once; unotifyd plays no sound for those; critical ones pop up"
            )
        case .awesomeSuspended:
            (
                "do not disturb", false,
                "while naughty is suspended, awesome holds every notification hidden until it resumes, critical "
                    + "ones too; unotifyd plays no sound for them but a critical one's"
            )
        }
    }

    /// The lines of `explanation` every server has.
    private var featureLines: [(feature: String, works: Bool, detail: String)] {
        [
            ("buttons", drawsButtons, buttonsDetail),
            ("number of buttons", showsActions && maximumButtons == nil, buttonCountDetail),
            (
                "click on the notification", hasDefaultAction,
                hasDefaultAction
                    ? "a click reports the default action"
                    : "a click on the body only closes it; use a button to answer"
            ),
            (
                "formatted text", readsMarkup,
                readsMarkup ? "user text is escaped (&, <, >) so it shows as typed" : "text is sent plain"
            ),
            (
                "sound", true,
                !playsSoundFile
                    ? "the server plays no sound hint: unotifyd plays the sound itself (paplay) and sends suppress-sound"
                    : playsSoundWithoutBanner
                        ? "the server plays sound-file hints; unotifyd plays nothing itself"
                        : "the server plays sound-file hints with a banner; unotifyd plays the sound of one shown without a banner"
            ),
            (
                "closing", reportsDismissal,
                reportsDismissal
                    ? "closing a notification is reported to apps that ask for it (customDismissAction)"
                        + (isEnlightenment
                            ? "; the server's close reasons, one lower than the standard's, are read as such" : "")
                    : showsActions
                        ? "the server reports a close like a timeout, so apps are not told when the user closes one"
                        : "notifications cannot be closed by the user; they leave the screen on their own"
            ),
            (
                "closed popups", removesClosedPopups,
                removesClosedPopups
                    ? "an answered permission or provisional popup is closed and leaves the screen"
                    : "the server leaves a closed popup on screen: unotifyd replaces an answered one with one that expires at once"
            ),
            ("history", keepsHistory, historyDetail),
            (
                "typed replies", takesInlineReply,
                takesInlineReply
                    ? "text-input actions use the reply field (inline-reply)"
                    : "no reply field: a text-input action shows a notification with a `unotify reply NUMBER TEXT` command"
            ),
            (
                "icons on buttons", false,
                drawsActionIcons
                    ? "not used: this server would draw an icon instead of the button's title, so titles are kept"
                    : "the server draws no icons on buttons; buttons show their titles"
            ),
            (
                "timeouts", honoursExpireTimeout && expireTimeoutClamp == nil,
                timeoutsDetail
            ),
            (
                "quiet delivery", showsButtonsWhenQuiet && showsQuietNotifications,
                !showsQuietNotifications
                    ? "the server shows no low-urgency notification: a provisional notification is sent with normal "
                        + "urgency so that its commands are seen"
                    : showsButtonsWhenQuiet
                        ? "notifications delivered quietly keep their buttons"
                        : "notifications delivered quietly go to the tray, which shows no buttons (a click there opens the app); "
                            + "a provisional notification is shown as a banner so that Keep… and Turn Off… can be clicked"
            ),
            (
                "images", true,
                drawsImagesOnlyAsAppIcon
                    ? "the server draws no image hint: an image is sent as the app icon"
                    : readsImagePathAsFilePath
                        ? "images are sent as image-path, a file path (this server draws no image, or drops the "
                            + "notification, given a file:// URI)"
                        : drawsImagePath
                            ? "images are sent as image-path"
                            : "images are sent as image_path, the only spelling this server draws"
            ),
        ]
    }

    /// The "timeouts" line of `explanation`.
    private var timeoutsDetail: String {
        if let clamp = expireTimeoutClamp {
            return "the server keeps every notification \(clamp.lowerBound / 1000) to \(clamp.upperBound / 1000) s "
                + "whatever its expiry time (-t): unotifyd closes a shorter one itself; a longer one, and the "
                + "permission prompt, leave after \(clamp.upperBound / 1000) s (answer the prompt in time, or with "
                + "`unotify settings APP allow|deny`)"
        }
        return honoursExpireTimeout
            ? "a notification's expiry time (-t) is honoured"
            : "the server ignores expiry times (-t): unotifyd closes an app's notification itself when its time is up "
                + "(not a plain send without --app); otherwise a banner leaves after a few seconds, the permission "
                + "prompt stays until answered, and notifications stay in the tray until removed or cleared"
    }

    /// The "history" line of `explanation`.
    private var historyDetail: String {
        if isSwaync {
            return "a popup leaves the screen after its time for the control center without being closed: it stays "
                + "delivered until the user clears it there or the app removes it (which takes it out of the center)"
        }
        return keepsHistory
            ? "notifications stay in the server's history"
            : "no history: notifications that are delivered quietly (list only) cannot be kept after they leave the screen"
    }

    /// The "buttons" line of `explanation`.
    private var buttonsDetail: String {
        if drawsButtons { return "actions are shown as buttons and clicks come back" }
        if let actionMenuCommand {
            return "no buttons are drawn: each notification with choices (the permission prompt, the provisional "
                + "Keep / Turn Off, a category's actions) names them in the first line of its body; choose one with "
                + "`\(actionMenuCommand) PROGRAM` (bind it to a key), or run `unotify settings APP allow|deny`"
        }
        return "no buttons: the permission prompt and the provisional Keep / Turn Off choice tell you to run "
            + "`unotify settings APP allow|deny` instead, and notifications are sent without actions"
    }

    /// The "number of buttons" line of `explanation`.
    private var buttonCountDetail: String {
        if !showsActions { return "no buttons at all" }
        if let actionMenuCommand { return "every action of a category is offered in `\(actionMenuCommand)`" }
        if let maximumButtons {
            return
                "room for about \(maximumButtons) buttons: only a category's first \(maximumButtons) actions are sent"
        }
        if let buttonsBeforeMenu {
            return
                "up to \(buttonsBeforeMenu) buttons (Open included); more actions are listed in a drop-down with an OK button"
        }
        return "every action of a category is shown"
    }
}

import Foundation

/// One real notification server of the end-to-end matrix, with what the tests know about it
/// from measurements of each server on Debian 12, independent of the
/// product's own `ServerProfile`, so the product's table is checked, not repeated.
public struct MatrixServer: Sendable, CustomStringConvertible {
    /// How a user answers a popup on this server.
    public enum Hand: Sendable {
        /// dunst: its own context menu (`dunstctl context`, answered by `dunst-pick`).
        case dunstMenu
        /// A button drawn on the popup, clicked with xdotool.
        case buttons
        /// No buttons at all (notify-osd): the user runs `unotify settings` instead.
        case none
        /// mako: actions are taken but no buttons drawn; the user picks an action by its label
        /// in mako's own menu (`makoctl menu`, which a mako user binds to a key).
        case makoMenu
        /// GNOME Shell: the button on the shell's own banner, clicked inside the shell
        /// (``TestDesktop/shellClick(notification:label:timeout:)``); its banners are no X windows.
        case shell
        /// Cinnamon: the button on its banner (drawn on the stage, no X window), found through
        /// `org.Cinnamon.Eval` and clicked with xdotool (``TestDesktop/cinnamonClick(notification:label:timeout:)``).
        case cinnamon
        /// awesome: the action's row of text on naughty's popup, found with `awesome-client` and
        /// clicked with xdotool (``TestDesktop/awesomeClick(notification:label:timeout:)``).
        case awesome
        /// swaync: a button drawn on the popup, clicked with a Wayland pointer
        /// (``TestDesktop/swayncClickButton(index:of:)``), as a user clicks (0.7's swaync-client
        /// cannot invoke actions; 0.12's `--action` could, but the tests click on both).
        case waylandButtons
        /// Enlightenment 0.27: a label under the body of its card (drawn in its compositor canvas,
        /// no X window), found in a screenshot by `test-desktop e-popups --buttons N` and clicked
        /// with xdotool (``TestDesktop/enlightenmentClickButton(index:of:)``).
        case enlightenmentButtons
        /// Budgie 10.10 on labwc: a button drawn on the layer-shell popup, found in a grim
        /// screenshot by `test-desktop budgie-buttons` and clicked with a Wayland pointer
        /// (``TestDesktop/budgieClickButton(index:of:)``).
        case budgieWaylandButtons
        /// Phosh 0.58 on phoc: a button on its banner, found in a grim screenshot by
        /// `test-desktop phosh-buttons` and tapped with a Wayland pointer
        /// (``TestDesktop/phoshClickButton(index:of:)``).
        case phoshButtons
    }

    /// `test-desktop up`'s SERVER.
    public let name: String
    public let hand: Hand
    /// `CloseNotification` takes the popup off the screen. notification-daemon answers it with
    /// `NotificationClosed(id, 3)` but leaves the popup drawn; notify-osd's bubble stays for its
    /// fixed duration (measured).
    public let closeRemovesPopup: Bool
    /// The server plays `sound-file` itself (only mate, measured).
    public let playsSoundFile: Bool
    /// Set when `UNOTIFY_MATRIX_SERVERS` named no server of the matrix: every case given it
    /// fails (``MatrixSession``) instead of the matrix silently running nothing.
    public let selectionError: String?

    public init(name: String, hand: Hand, closeRemovesPopup: Bool, playsSoundFile: Bool, selectionError: String? = nil)
    {
        self.name = name
        self.hand = hand
        self.closeRemovesPopup = closeRemovesPopup
        self.playsSoundFile = playsSoundFile
        self.selectionError = selectionError
    }
    /// How the user closes a popup here, and the reason the server then reports (nil: the user
    /// cannot close it; notify-osd's bubbles are click-through).
    public var dismissal: (gesture: Dismissal, reason: UInt32)? {
        if hand == .budgieWaylandButtons { return (.budgieWaylandCloseButton, 2) }  // sent once on 10.10 (measured)
        return switch family {
        case "dunst": (.dunstClose, 2)
        case "xfce4-notifyd": (.clickBody, 2)  // no close button; a click anywhere closes
        case "mate": (.clickCloseButton, 1)  // mate reports its "X" as expired (measured)
        case "notification-daemon", "lxqt", "plasma": (.clickCloseButton, 2)
        case "mako": (.makoDismiss, 2)  // `makoctl dismiss`, a user's key binding
        case "gnome-shell": (.shellCloseButton, 2)
        case "budgie": (.clickCloseButton, 2)  // sent twice (measured)
        case "cinnamon": (.cinnamonCloseButton, 0)  // 0, outside the specification (measured)
        case "awesome": (.awesomeRightClick, 2)
        case "swaync": (.swayncCloseButton, 2)  // 0.7: then a second NotificationClosed(2); 0.12: one (measured)
        case "phosh": (.phoshSwipe, 3)  // 3, "closed by a call", for the user's swipe (measured on 0.58)
        case "enlightenment":
            // 0.25's reasons are one lower than the spec's; 0.27's are the spec's (measured)
            (.enlightenmentCloseButton, name == "enlightenment" ? 1 : 2)
        default: nil
        }
    }

    /// The user's close reaches an app as a dismissal: where the server reports it as one, in
    /// its own numbering (Enlightenment's 1), Cinnamon's out-of-spec 0 and Phosh's 3 for a
    /// notification unotifyd did not close read as one too (`ServerProfile`), and not on mate,
    /// whose close reads as an expiry.
    public var dismissalReported: Bool {
        dismissal?.reason == 2 || family == "enlightenment" || family == "cinnamon" || family == "phosh"
    }

    /// A `Notify` that replaces a notification is answered with the replaced one's id.
    /// Enlightenment 0.25 replaces the popup but answers with a new id (measured: `replaces_id`
    /// 1 answered 2, one popup on screen showing the new text).
    /// 0.27.1 the same (measured: 4 answered 5).
    public var keepsIDOnReplace: Bool { family != "enlightenment" }

    /// The reason the server reports for `CloseNotification`: 3 (spec), 2 on Enlightenment 0.25
    /// (measured; 0.27.1 sends 3).
    public var closedByCallReason: UInt32 { name == "enlightenment" ? 2 : 3 }

    /// What `unotify server --explain` must say degrades on this server, beyond what degrades
    /// everywhere (typed replies, icons on buttons), from measurements of each server.
    public var degradedFeatures: Set<String> {
        switch family {
        case "dunst": ["history", "do not disturb"]  // paused, it holds critical ones too
        case "xfce4-notifyd": ["click on the notification", "history"]
        case "notification-daemon": ["number of buttons", "closed popups"]
        case "mate": ["closing", "history", "do not disturb"]  // it draws no critical one either
        case "lxqt": ["do not disturb"]  // it draws no critical one either
        case "mako": ["buttons", "history"]
        case "notify-osd": ["buttons", "number of buttons", "click on the notification", "closing", "history"]
        case "gnome-shell": ["number of buttons", "timeouts", "quiet delivery"]
        case "plasma": ["quick repeats"]
        case "cinnamon": ["timeouts"]
        case "budgie": ["history", "timeouts"]
        case "awesome": ["history", "links", "do not disturb"]  // suspended, it holds critical ones too
        case "swaync": []
        case "phosh": ["history"]
        case "enlightenment" where name == "enlightenment":
            ["buttons", "number of buttons", "click on the notification", "history", "quiet delivery"]
        case "enlightenment": ["quiet delivery"]  // 0.27 draws actions and advertises persistence
        default: []
        }
    }

    /// Cases share this server's desktop, one at a time (``DesktopPool``): wherever
    /// `CloseNotification` takes a popup off the screen, so a case can leave none behind. Not
    /// notification-daemon and notify-osd (``closeRemovesPopup``). GNOME Shell's cases write the
    /// desktop's own notification settings, which are reset between cases. Not mate either:
    /// mate-notification-daemon quits after 30 s without a notification, and a desktop taken
    /// again after a wait can lose its server between the cleaning's check and the case's first
    /// `Notify`. Seen once beside two busy loops: the cleaning waited its 5 s for an answer to an
    /// earlier case's `Notify`, then the prompt's `Notify` had no answer for 30 s; whether the
    /// server had quit or hung was not caught. Its own desktop starts in well under a second.
    public var sharesDesktop: Bool { closeRemovesPopup && family != "mate" }

    /// The server draws a reply field for text-input actions (`inline-reply`): only Plasma
    /// (measured), so there typed replies do not degrade.
    public var takesInlineReply: Bool { family == "plasma" }

    /// The server shows a body holding a link (`<a>`) as raw text, tags and all: only awesome
    /// (measured), where a plain send leaves the link's tags out.
    public var showsLinksAsRawText: Bool { name == "awesome" }

    /// The image case of the matrix (`ImageMatrixTests`) runs on this server: on every one but
    /// notify-osd, where a screenshot showed no pixel of the image's exact red (its bubbles are
    /// blended by the compositor; not looked into further).
    public var imageCaseRuns: Bool { name != "notify-osd" }

    /// The server refuses a notification once it holds this many that are open, with
    /// "Exceeded maximum number of notifications" (notify-send exits 1 there too):
    /// notification-daemon and mate (measured: of 50 sends in a row, the first 20 or 21 taken
    /// while the earliest were still on screen, then every one refused); elsewhere 50 in a row are
    /// all taken.
    public var refusesBeyondOpenNotifications: Bool { family == "notification-daemon" || family == "mate" }

    /// A user's gesture that closes a popup.
    public enum Dismissal: Sendable {
        case dunstClose, clickBody, clickCloseButton, makoDismiss, shellCloseButton, cinnamonCloseButton,
            awesomeRightClick
        /// swaync's close cross, drawn while the pointer is over the popup (Wayland pointer).
        case swayncCloseButton
        /// Enlightenment's close cross, found in a screenshot and clicked with xdotool.
        case enlightenmentCloseButton
        /// Budgie 10.10's round close button, found in a screenshot, clicked with a Wayland pointer.
        case budgieWaylandCloseButton
        /// Phosh's banner swiped away sideways with a drag of the Wayland pointer (it has no
        /// close button; a phone user swipes it).
        case phoshSwipe
    }

    public var description: String { name }

    /// The server without its version: the newest desktops run as `gnome-shell-48`,
    /// `gnome-shell-51`, `plasma-6.3` and `plasma-6.7` beside Debian 12's `gnome-shell` and
    /// `plasma`, and share what the tests know of their family unless a rule names the version.
    public var family: String {
        for family in [
            "gnome-shell", "plasma", "dunst", "xfce4-notifyd", "mako", "swaync", "budgie", "cinnamon", "phosh", "lxqt",
            "enlightenment",
        ]
        where name == family || name.hasPrefix(family + "-") {
            return family
        }
        return name
    }

    /// KDE Plasma 6.3.6's notifications applet (Debian 13), in a chroot: 5.27's hand, on Breeze 6's
    /// popup (the reply button first, the close button a dark cross).
    public static let plasma63 = MatrixServer(
        name: "plasma-6.3", hand: .buttons, closeRemovesPopup: true, playsSoundFile: false)
    /// KDE Plasma 6.7.4's notifications applet (sid), in a chroot: it plays sound hints itself.
    public static let plasma67 = MatrixServer(
        name: "plasma-6.7", hand: .buttons, closeRemovesPopup: true, playsSoundFile: true)
    /// GNOME Shell 48.7, from Debian 13 (trixie), headless on Wayland in a chroot.
    public static let gnomeShell48 = MatrixServer(
        name: "gnome-shell-48", hand: .shell, closeRemovesPopup: true, playsSoundFile: true)
    /// GNOME Shell 51.0, from Debian sid, headless on Wayland in a chroot (51 has no X11 session).
    public static let gnomeShell51 = MatrixServer(
        name: "gnome-shell-51", hand: .shell, closeRemovesPopup: true, playsSoundFile: true)

    public static let dunst = MatrixServer(
        name: "dunst", hand: .dunstMenu, closeRemovesPopup: true, playsSoundFile: false)
    /// dunst 1.13.2 (sid), in a chroot on Xvfb, clicked through its own dunstctl and menu.
    public static let dunst113 = MatrixServer(
        name: "dunst-1.13", hand: .dunstMenu, closeRemovesPopup: true, playsSoundFile: false)
    public static let xfce = MatrixServer(
        name: "xfce4-notifyd", hand: .buttons, closeRemovesPopup: true, playsSoundFile: false)
    /// xfce4-notifyd 0.9.7 (sid) with its xfconfd, in a chroot on Xvfb: buttons clicked with xdotool.
    public static let xfce09 = MatrixServer(
        name: "xfce4-notifyd-0.9", hand: .buttons, closeRemovesPopup: true, playsSoundFile: false)
    public static let gnome = MatrixServer(
        name: "notification-daemon", hand: .buttons, closeRemovesPopup: false,
        playsSoundFile: false)
    public static let mate = MatrixServer(name: "mate", hand: .buttons, closeRemovesPopup: true, playsSoundFile: true)
    public static let lxqt = MatrixServer(name: "lxqt", hand: .buttons, closeRemovesPopup: true, playsSoundFile: false)
    /// lxqt-notificationd 2.4.0 (sid; LXQt 2, Qt 6), in a chroot on Xvfb: buttons clicked with xdotool.
    public static let lxqt24 = MatrixServer(
        name: "lxqt-2.4", hand: .buttons, closeRemovesPopup: true, playsSoundFile: false)
    public static let notifyOSD = MatrixServer(
        name: "notify-osd", hand: .none, closeRemovesPopup: false, playsSoundFile: false)
    public static let mako = MatrixServer(name: "mako", hand: .makoMenu, closeRemovesPopup: true, playsSoundFile: false)
    /// mako 1.11.0 (sid), in a chroot on the headless sway, answered through its own makoctl.
    public static let mako111 = MatrixServer(
        name: "mako-1.11", hand: .makoMenu, closeRemovesPopup: true, playsSoundFile: false)
    /// GNOME Shell 43 (not `gnome`, which is notification-daemon): plays `sound-file` and
    /// `sound-name` itself when it shows the banner, whatever `suppress-sound` says (measured).
    public static let gnomeShell = MatrixServer(
        name: "gnome-shell", hand: .shell, closeRemovesPopup: true, playsSoundFile: true)
    /// KDE Plasma 5.27's notifications applet (`plasmawindowed`): framed buttons and a close disc,
    /// clicked with xdotool; the only server with a reply field (`inline-reply`).
    public static let plasma = MatrixServer(
        name: "plasma", hand: .buttons, closeRemovesPopup: true, playsSoundFile: false)

    /// SwayNotificationCenter 0.7 on a headless sway: buttons clicked with a Wayland pointer.
    public static let swaync = MatrixServer(
        name: "swaync", hand: .waylandButtons, closeRemovesPopup: true, playsSoundFile: false)
    /// SwayNotificationCenter 0.12.6 (sid, GTK4), in a chroot on the headless sway: its buttons
    /// clicked with the Wayland pointer where `swaync-buttons` finds them in 0.12's layout.
    public static let swaync012 = MatrixServer(
        name: "swaync-0.12", hand: .waylandButtons, closeRemovesPopup: true, playsSoundFile: false)
    /// Enlightenment 0.25's notification module: no actions at all (`body body-markup`), a
    /// close cross on each popup.
    public static let enlightenment = MatrixServer(
        name: "enlightenment", hand: .none, closeRemovesPopup: true, playsSoundFile: false)
    /// Enlightenment 0.27.1 (Debian 13), in a chroot on Xvfb: its module now draws actions as
    /// labels on the card, clicked with xdotool where a screenshot finds them.
    public static let enlightenment027 = MatrixServer(
        name: "enlightenment-0.27", hand: .enlightenmentButtons, closeRemovesPopup: true, playsSoundFile: false)

    /// Cinnamon 5.6 (the whole `cinnamon` process on Xvfb): banners on its stage, clicked with
    /// xdotool where Eval says the button is; ignores sound hints (measured).
    public static let cinnamon = MatrixServer(
        name: "cinnamon", hand: .cinnamon, closeRemovesPopup: true, playsSoundFile: false)
    /// Cinnamon 6.6.9 (sid), the whole `cinnamon` process from a chroot on Xvfb: the same banners
    /// and Eval as 5.6 (measured), clicked the same way.
    public static let cinnamon66 = MatrixServer(
        name: "cinnamon-6.6", hand: .cinnamon, closeRemovesPopup: true, playsSoundFile: false)
    /// Budgie 10.7's `budgie-daemon`: plain X popups whose buttons are labels on one flat face.
    public static let budgie = MatrixServer(
        name: "budgie", hand: .buttons, closeRemovesPopup: true, playsSoundFile: false)
    /// Budgie 10.10.3's `budgie-daemon` (sid), Wayland only: layer-shell popups on a headless
    /// labwc 0.20, both in a chroot; buttons clicked with the Wayland pointer.
    public static let budgie1010 = MatrixServer(
        name: "budgie-10.10", hand: .budgieWaylandButtons, closeRemovesPopup: true, playsSoundFile: false)
    /// Phosh 0.58 (sid), the shell of Linux phones, on a headless phoc in a chroot: one banner
    /// at a time, its buttons tapped with the Wayland pointer; it plays `sound-file` through
    /// feedbackd.
    public static let phosh = MatrixServer(
        name: "phosh-0.58", hand: .phoshButtons, closeRemovesPopup: true, playsSoundFile: true)
    /// The awesome 4.3 window manager's naughty: actions are rows of text under the body.
    public static let awesome = MatrixServer(
        name: "awesome", hand: .awesome, closeRemovesPopup: true, playsSoundFile: false)

    /// Every server of the matrix, in the order the matrix runs them.
    public static let everyone = [
        dunst, xfce, gnome, mate, lxqt, notifyOSD, gnomeShell, plasma, mako, cinnamon, budgie, awesome, swaync,
        enlightenment, gnomeShell48, gnomeShell51, plasma63, plasma67, dunst113, xfce09, mako111, swaync012,
        budgie1010, cinnamon66, phosh, lxqt24, enlightenment027,
    ]

    /// Every server of the matrix, or those named in `UNOTIFY_MATRIX_SERVERS` (comma-separated
    /// test-desktop up names), so one server can be run alone: ``selection(_:)`` of the variable.
    public static var all: [MatrixServer] { selection(ProcessInfo.processInfo.environment["UNOTIFY_MATRIX_SERVERS"]) }

    /// The servers `value` (`UNOTIFY_MATRIX_SERVERS`) selects: all of them when nil. A name that
    /// is no server of the matrix, or a value that names none, becomes a case that fails, in
    /// every test of the matrix, filtered or not, so a typo cannot make the matrix pass by
    /// running nothing.
    public static func selection(_ value: String?) -> [MatrixServer] {
        guard let value else { return everyone }
        let names = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let known = everyone.map(\.name).joined(separator: " ")
        guard !names.isEmpty else {
            return [
                invalidSelection(
                    "none", "UNOTIFY_MATRIX_SERVERS='\(value)' names no server; name some of: \(known), or unset it")
            ]
        }
        return names.map { name in
            everyone.first { $0.name == name }
                ?? invalidSelection(
                    name, "UNOTIFY_MATRIX_SERVERS names '\(name)', which is no server of the matrix (\(known))")
        }
    }

    /// The selected servers where a popup's actions can be chosen: buttons, dunst's menu, mako's
    /// menu. notify-osd cannot, and is no case of a test that needs it.
    public static var withButtons: [MatrixServer] { withButtons(in: all) }

    /// The servers of `selection` where a popup's actions can be chosen (``able(_:_:can:)``).
    public static func withButtons(in selection: [MatrixServer]) -> [MatrixServer] {
        able(selection, "choose a popup's action") { $0.hand != .none }
    }

    /// The selected servers where the user can close a popup. notify-osd's bubbles are
    /// click-through, and it is no case of a test that needs it.
    public static var withDismissal: [MatrixServer] { withDismissal(in: all) }

    /// The servers of `selection` where the user can close a popup (``able(_:_:can:)``).
    public static func withDismissal(in selection: [MatrixServer]) -> [MatrixServer] {
        able(selection, "close a popup") { $0.dismissal != nil }
    }

    /// The servers of `selection` where the user can do what a test needs (`can`), and those
    /// whose selection failed. A selection with none of them becomes one case that fails and
    /// says so: a suite that runs no case would pass having checked nothing.
    public static func able(_ selection: [MatrixServer], _ ability: String, can: (MatrixServer) -> Bool)
        -> [MatrixServer]
    {
        let runnable = selection.filter { can($0) || $0.selectionError != nil }
        guard runnable.isEmpty else { return runnable }
        let chosen = selection.map(\.name).joined(separator: ",")
        let able = everyone.filter(can).map(\.name).joined(separator: " ")
        return [
            invalidSelection(
                "none",
                "UNOTIFY_MATRIX_SERVERS=\(chosen) has no server where the user can \(ability), so this test "
                    + "would run no case; add one of: \(able)")
        ]
    }

    private static func invalidSelection(_ name: String, _ error: String) -> MatrixServer {
        MatrixServer(name: name, hand: .none, closeRemovesPopup: false, playsSoundFile: false, selectionError: error)
    }
}

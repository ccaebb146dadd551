/// What one notification server can do: its capabilities first, then the measured rows of the
/// quirks table (``ServerQuirk/table``) that match its name, vendor and version. **The one
/// place** where servers' differences are decided; the evidence for each is beside its row, and
/// the end-to-end matrix (`Tests/EndToEndTests/Matrix`) checks it on the real server.
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

    /// The rows of the quirks table that hold for this server, in the table's order.
    public var quirks: [ServerQuirk] { ServerQuirk.rows(for: information) }

    /// Whether a row of `behaviour` holds for this server.
    func has(_ behaviour: ServerBehaviour) -> Bool { ServerQuirk.holds(behaviour, for: information) }

    /// The first value `pick` reads from the behaviours of this server's rows.
    func first<Value>(_ pick: (ServerBehaviour) -> Value?) -> Value? {
        for quirk in quirks { if let value = pick(quirk.behaviour) { return value } }
        return nil
    }

    /// Buttons (actions) are shown and `ActionInvoked` comes back. notify-osd has none: a
    /// `Notify` with actions becomes a fallback dialog with id 0 (measured; `NotifyOSDEndToEndTests`).
    public var showsActions: Bool { capabilities.contains(.actions) }

    /// Actions are drawn as buttons on the popup. mako advertises `actions` and reports
    /// `ActionInvoked`, but draws only the summary and the body: its user picks an action by its
    /// label with `makoctl menu PROGRAM` (a dmenu-like program, usually bound to a key in sway), or
    /// by key with `makoctl invoke [-n ID] KEY` (``ServerBehaviour/drawsNoButtons(menuCommand:)``).
    public var drawsButtons: Bool { showsActions && actionMenuCommand == nil }

    /// Where actions are taken but no buttons drawn, the server's command that lists a
    /// notification's actions for the user to choose one (``drawsButtons``): `makoctl menu`.
    /// Every notification with choices then names them and this command in its body.
    public var actionMenuCommand: String? {
        guard showsActions else { return nil }
        return first { if case .drawsNoButtons(let command) = $0 { command } else { nil } }
    }

    /// Clicking the notification itself reports the `default` action (not on xfce4-notifyd 0.7,
    /// where a click on the body closes the popup).
    public var hasDefaultAction: Bool { showsActions && !has(.hasNoDefaultAction) }

    /// The most buttons one popup shows so that each can still be clicked, not counting the
    /// `default` action (not drawn as a button where a limit is known); nil = no limit known.
    /// notification-daemon's fixed-width popup fits four with usual labels; GNOME Shell draws
    /// three and drops the rest. xfce4-notifyd and mate widen the popup instead, dunst lists every
    /// action in its menu and lxqt in a drop-down (``buttonsBeforeMenu``).
    public var maximumButtons: Int? { first { if case .maximumButtons(let count) = $0 { count } else { nil } } }

    /// The most actions shown as buttons before the server shows them all in a drop-down list
    /// with an OK button instead (lxqt-notificationd: 3, `default` drawn as "Open" counting); nil
    /// where that never happens. Nothing is dropped.
    public var buttonsBeforeMenu: Int? { first { if case .buttonsBeforeMenu(let count) = $0 { count } else { nil } } }

    /// The body is read as markup, so user text must be escaped.
    public var readsMarkup: Bool { capabilities.contains(.bodyMarkup) }

    /// The server plays the `sound-file` hint itself, so unotifyd sends it and plays nothing:
    /// mate-notification-daemon and GNOME Shell whatever they advertise, and any server that
    /// advertises `sound` (Plasma 6.4 and later, honouring Plasma's sound settings; Phosh, through
    /// feedbackd), unless a measured row says it plays none: notification-daemon, Cinnamon and
    /// Budgie advertise `sound` and play nothing. A server the table does not know is taken at
    /// its word. GNOME Shell ignores `suppress-sound`: were unotifyd to play the sound too, it
    /// would be heard twice.
    public var playsSoundFile: Bool {
        has(.playsSoundFile) || (capabilities.contains(.sound) && !has(.playsNoSoundFile))
    }

    /// The server plays a notification's `sound-file` again later (Phosh: when the app notifies
    /// after another app did, the newest of its notifications still listed sounds again), so
    /// unotifyd replaces a notification whose sound the server has played with the same one
    /// without its sound hint: it is heard once, and never for a later notification of the app
    /// that must be silent.
    public var replaysListedSounds: Bool { has(.replaysListedSounds) }

    /// The server plays the sound of a `Notify` that replaces a notification. Phosh updates the
    /// notification in place and plays none, so there unotifyd closes the old one and shows an
    /// update that has a sound as a new notification.
    public var playsSoundOnReplace: Bool { !has(.playsNoSoundOnReplace) }

    /// The server drops a notification whose sender left the bus before the server asked for its
    /// process (GNOME Shell 46 and later): a one-shot sender must wait for `Notify`'s answer
    /// before it exits, as `unotify send` always does.
    public var dropsNotificationsOfDepartedSenders: Bool { has(.dropsNotificationsOfDepartedSenders) }

    /// The server closes every notification of an app when the connection that first sent one
    /// leaves the bus (GNOME Shell 46 and later): what a one-shot sender posts for an app is gone
    /// when it exits, unless a connection that stays sends it.
    public var closesAppNotificationsWhenSenderLeaves: Bool { has(.closesAppNotificationsWhenSenderLeaves) }

    /// A user's close is reported as a dismissal (`NotificationClosed` reason 2, read through
    /// ``closeReason(_:)``): not on mate, which reports its close button as an expiry; and on
    /// Enlightenment, which has no actions but a close cross.
    public var reportsDismissal: Bool {
        !has(.reportsCloseAsExpiry) && (showsActions || has(.reportsDismissalWithoutActions))
    }

    /// Why the server closed a notification, from the reason its `NotificationClosed` carries.
    /// Enlightenment numbers every reason one lower than the specification (an expiry is 0, its
    /// close cross 1, `CloseNotification` 2), so read by the specification a user's close would be
    /// an expiry: its reasons are mapped back here. Every other server's is taken as it comes.
    public func closeReason(_ reported: CloseReason) -> CloseReason {
        guard has(.numbersCloseReasonsOneLower) else { return reported }
        switch reported.wireValue {
        case 0: return .expired
        case 1: return .dismissed
        case 2: return .closedByCall
        default: return reported
        }
    }

    /// The server reports the user's close with reason 3, "closed by a call" (Phosh's swipe on a
    /// banner or in its list; its "clear all" sends 2): reason 3 for a notification unotifyd
    /// still holds and no click answered is the user's dismissal, since unotifyd calls
    /// `CloseNotification` only on a notification it has forgotten or after a click.
    public var reportsDismissalAsClosedByCall: Bool { has(.reportsDismissalAsClosedByCall) }

    /// What a `NotificationClosed` reason `wireValue` from this server means. Cinnamon reports
    /// its close cross with reason 0, outside the specification, so 0 from it is the user's
    /// dismissal, never an expiry. A server that sends "closed" twice for one close (Budgie's
    /// close cross) needs no rule: the agent handles only the first per notification.
    public func closeReason(wireValue: UInt32) -> CloseReason {
        has(.reportsDismissalAsReasonZero) && wireValue == 0 ? .dismissed : CloseReason(wireValue: wireValue)
    }

    /// `CloseNotification` takes the popup off the screen. notification-daemon leaves it drawn
    /// until its own timeout, which for the agent's popups (`expire_timeout` 0) never comes;
    /// replacing it (`replaces_id`) with one that expires after 1 ms does remove it, with no signal.
    public var removesClosedPopups: Bool { !has(.leavesClosedPopupsDrawn) }

    /// The server plays a notification's sound also when it shows no banner for it (low
    /// urgency). GNOME Shell plays it only as it shows the banner, and shows none for a
    /// low-urgency notification: there unotifyd plays the sound itself.
    public var playsSoundWithoutBanner: Bool { !has(.playsSoundOnlyWithBanner) }

    /// The server closes a notification after its `expire_timeout`. GNOME Shell ignores it (a
    /// banner leaves after about 4 s, a critical one stays until answered, every notification
    /// stays in the tray), and so does Cinnamon as shipped (`remove-old` off): there the agent
    /// closes an app's notification itself when its expiry time is up.
    public var honoursExpireTimeout: Bool { !has(.ignoresExpireTimeout) }

    /// The server itself closes a notification `milliseconds` after it is shown, as its
    /// `expire_timeout` asks; otherwise the agent closes it then (`CloseNotification`).
    public func expiresItself(afterMilliseconds milliseconds: Int32) -> Bool {
        guard let clamp = expireTimeoutClamp else { return honoursExpireTimeout }
        return honoursExpireTimeout && milliseconds >= clamp.lowerBound
    }

    /// The server drops the action after `default` in a `Notify`'s actions, so every button
    /// is sent before `default` (Budgie 10.7; a click on a button then reports `default` too,
    /// which the agent drops as a second answer).
    public var wantsDefaultActionLast: Bool { has(.wantsDefaultActionLast) }

    /// The server keeps a notification's actions in a table keyed by their titles, so two
    /// actions with one title become one button and the order on screen is arbitrary (awesome's
    /// naughty). The agent makes the titles distinct.
    public var keysActionsByTitle: Bool { has(.keysActionsByTitle) }

    /// The range the server forces every notification's time on screen into, in milliseconds,
    /// whatever its `expire_timeout` (0 "never" and -1 included); nil where it has none (Budgie
    /// 10.7: 6 to 12 s, the countdown paused under the pointer). The agent closes a shorter one
    /// itself; a longer one, or one meant to stay, leaves at the range's end.
    public var expireTimeoutClamp: ClosedRange<Int32>? {
        first { if case .expireTimeoutClamp(let range) = $0 { range } else { nil } }
    }

    /// The `expire_timeout` to send for a notification that asks for `timeout`: itself, except
    /// that one meant to stay (`never`) goes, to a server that forces every notification's time
    /// into a range (``expireTimeoutClamp``), with the range's longest, so the permission prompt,
    /// which waits for the user, stays as long as the server lets any notification stay.
    public func expireTimeoutOnWire(_ timeout: ExpireTimeout) -> ExpireTimeout {
        guard timeout == .never, let clamp = expireTimeoutClamp else { return timeout }
        return .milliseconds(clamp.upperBound)
    }

    /// A low-urgency notification is shown with its buttons. GNOME Shell shows it only in a tray
    /// that draws no buttons (Cinnamon 5.6 and 6.6 show it as a banner with its buttons, measured
    /// through org.Cinnamon.Eval, also queued behind another banner), so a provisional notification, which is delivered
    /// quietly, could never be answered there: it is sent with normal urgency instead, as a
    /// banner that then stays in the tray (`PresentationMapping`).
    public var showsButtonsWhenQuiet: Bool { !has(.hidesButtonsWhenQuiet) }

    /// A low-urgency notification is shown at all. Enlightenment, as configured out of the box,
    /// drops them (an id, nothing drawn, no signal), so a provisional notification, whose body
    /// carries the `unotify settings` commands that answer it there, is sent with normal urgency.
    public var showsQuietNotifications: Bool { !has(.dropsQuietNotifications) }

    /// While its do-not-disturb is on, the server discards every notification it is sent,
    /// critical ones too, closing it at once (Cinnamon 6.6 with reason 2, Budgie 10.10 with 1:
    /// measured). unotifyd
    /// reads the switch for each notification there; what the server discarded stays in
    /// `unotify delivered`, and its close is reported to no app as a dismissal.
    public var discardsNotificationsInDoNotDisturb: Bool { has(.discardsNotificationsInDoNotDisturb) }

    /// The server can draw an icon instead of a button's title (`action-icons`). unotify never
    /// asks for it: the specification's action icons *replace* the title and are named by the
    /// action's key, whereas an icon is meant to stand beside a title, so the titles are kept.
    /// Advertised by xfce4-notifyd, notification-daemon and mate (measured).
    public var drawsActionIcons: Bool { capabilities.contains(.actionIcons) }

    /// Notifications stay in a history after they leave the screen.
    public var keepsHistory: Bool { capabilities.contains(.persistence) }

    /// A popup leaves the screen after its time into a control center with no
    /// `NotificationClosed` (SwayNotificationCenter): it stays delivered until the user clears it
    /// there or the app removes it; the first close after a click ends the answered notification.
    public var keepsExpiredPopupsInControlCenter: Bool { has(.keepsExpiredPopupsInControlCenter) }

    /// Typed replies in the notification (KDE's `inline-reply`): only KDE Plasma among the
    /// servers measured. Plasma 5.27 draws the reply action as its last button, which opens a
    /// field (placeholder and send button from `x-kde-reply-*` hints); the text comes back in
    /// `NotificationReplied`, with no `ActionInvoked`, followed by `NotificationClosed(id, 3)`
    /// (measured; a reply typed into the real field with xdotool, `PlasmaInlineReplyEndToEndTests`).
    /// SwayNotificationCenter 0.9 and later advertise it but draw the field only with
    /// `notification-inline-replies` in their configuration, off as shipped (measured on 0.12.6):
    /// there the typed reply falls back as on a server without it.
    public var takesInlineReply: Bool {
        capabilities.contains(.inlineReply) && !has(.drawsInlineReplyOnlyWhenConfigured)
    }

    /// The server has a do-not-disturb mode it reports (`inhibitions`: KDE Plasma's `Inhibit` /
    /// `UnInhibit` and its `Inhibited` property). While it is on, Plasma 5.27 shows a notification
    /// that is not critical in its history only, with no popup and no sound; a critical one (the
    /// permission prompt) still pops up (measured). The agent, which plays the sound itself
    /// there, then stays silent too, and the notification is delivered all the same
    /// (`PlasmaEndToEndTests`).
    public var reportsDoNotDisturb: Bool { capabilities.contains(.inhibitions) }

    /// The server refuses a notification with the same app name, summary and body as the one
    /// before it within about a second, whatever its `replaces_id` (KDE Plasma answers `Notify`
    /// with the error `ExcessNotificationGeneration`). unotify passes the error to the app.
    public var refusesQuickRepeats: Bool { has(.refusesQuickRepeats) }

    /// Images are drawn from `image-path`; lxqt-notificationd and notify-osd draw only the
    /// deprecated `image_path` spelling, and lxqt nothing at all when `image-path` is sent too, so
    /// these servers get `image_path` alone (``NotificationHints/setImage(_:for:)``).
    public var drawsImagePath: Bool { !has(.drawsOnlyDeprecatedImagePath) }

    /// The server reads `image-path` as an absolute file path, never a URI (Cinnamon, Budgie,
    /// SwayNotificationCenter, Enlightenment: given `file://…` they draw no image, or lose the
    /// notification), so a local image goes there as its path
    /// (``NotificationHints/setImage(_:for:)``).
    public var readsImagePathAsFilePath: Bool { has(.readsImagePathAsFilePath) }

    /// The server draws no image hint (`image-path`, `image_path`), only `app_icon`, a file
    /// path included (awesome's naughty). So an image goes there as the app icon.
    public var drawsImagesOnlyAsAppIcon: Bool { has(.drawsImagesOnlyAsAppIcon) }
}

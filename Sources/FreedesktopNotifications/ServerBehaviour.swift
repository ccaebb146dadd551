/// What a notification server does that its capabilities do not say: the behaviour of a row of
/// the quirks table (``ServerQuirk``). ``ServerProfile`` turns each into a property the rest of
/// unotify asks.
public enum ServerBehaviour: Sendable, Hashable {
    // Buttons and clicks.
    /// It advertises `actions` and reports clicks, but draws no buttons: the user picks an action
    /// from the server's own menu command (``ServerProfile/actionMenuCommand``).
    case drawsNoButtons(menuCommand: String)
    /// A click on the notification's body closes it without reporting the `default` action.
    case hasNoDefaultAction
    /// It advertises `inline-reply`, but draws the reply field only when its own configuration
    /// turns it on, which as shipped it does not: a typed reply cannot be counted on.
    case drawsInlineReplyOnlyWhenConfigured
    /// At most this many buttons can be clicked on one popup; later ones are cut off or dropped.
    case maximumButtons(Int)
    /// From one more action than this on, the actions are offered in a drop-down list instead.
    case buttonsBeforeMenu(Int)
    /// The action after `default` in a `Notify` is dropped, so `default` must come last.
    case wantsDefaultActionLast
    /// Actions are keyed by their titles: one title is one button, in any order.
    case keysActionsByTitle
    /// A low-urgency notification goes to a tray that draws no buttons.
    case hidesButtonsWhenQuiet
    /// A low-urgency notification is not shown at all.
    case dropsQuietNotifications
    /// While its do-not-disturb is on it discards every notification it is sent, critical ones
    /// too, closing it at once (Cinnamon 6.6 with reason 2, as if the user had; Budgie 10.10 with 1).
    case discardsNotificationsInDoNotDisturb

    // Sound.
    /// It plays the `sound-file` / `sound-name` hints itself, whatever it advertises.
    case playsSoundFile
    /// It advertises `sound` but never plays a `sound-file` hint, the one unotifyd sends (an
    /// advertised `sound` is otherwise believed).
    case playsNoSoundFile
    /// It plays a sound only as it shows a banner: a notification without one is silent.
    case playsSoundOnlyWithBanner
    /// It plays a notification's `sound-file` again later: when the app notifies after another
    /// app did, the newest of its notifications still listed is played once more.
    case replaysListedSounds
    /// A `Notify` that replaces a notification updates it in place and plays no sound for it.
    case playsNoSoundOnReplace

    // Closing and time on screen.
    /// A user's close is reported as an expiry (reason 1), so it cannot be told from one.
    case reportsCloseAsExpiry
    /// It has no actions, but a close cross whose close is reported.
    case reportsDismissalWithoutActions
    /// Every `NotificationClosed` reason is one lower than the specification's.
    case numbersCloseReasonsOneLower
    /// Its close cross is reported with reason 0, outside the specification: a dismissal.
    case reportsDismissalAsReasonZero
    /// The user's close (Phosh's swipe) is reported with reason 3, as if `CloseNotification` had
    /// been called: from a notification unotifyd still holds and no click answered (it closes
    /// only those it has forgotten or that were clicked), a dismissal.
    case reportsDismissalAsClosedByCall
    /// `CloseNotification` leaves the popup drawn until its own timeout.
    case leavesClosedPopupsDrawn
    /// `expire_timeout` is ignored: the agent closes an app's notification when its time is up.
    case ignoresExpireTimeout
    /// Every notification's time on screen is forced into this range, in milliseconds.
    case expireTimeoutClamp(ClosedRange<Int32>)
    /// A popup leaves the screen after its time into a control center, with no
    /// `NotificationClosed`: it stays delivered.
    case keepsExpiredPopupsInControlCenter

    // Text and images.
    /// A body that holds a link (`<a>`) is shown as raw text, tags and all.
    case showsLinksAsRawText
    /// Images are drawn only from the deprecated `image_path` hint.
    case drawsOnlyDeprecatedImagePath
    /// `image-path` is read as a file path; a `file://` URI draws nothing or loses the notification.
    case readsImagePathAsFilePath
    /// No image hint is drawn, only `app_icon`.
    case drawsImagesOnlyAsAppIcon

    // Repeats and senders.
    /// The same app name, summary and body again within about a second is refused.
    case refusesQuickRepeats
    /// A notification whose sender left the bus before the server asked for its process is dropped.
    case dropsNotificationsOfDepartedSenders
    /// Every notification of an app (one whose `desktop-entry` or app name names an installed
    /// `.desktop` file) is closed when the connection that first sent one leaves the bus.
    case closesAppNotificationsWhenSenderLeaves
}

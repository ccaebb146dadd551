extension ServerProfile {
    /// One line per feature: what works, what degrades and how, in words a user understands.
    /// (Do-not-disturb is the desktop's, not the specification's: `DesktopIntegration` explains it.)
    public var explanation: [(feature: String, works: Bool, detail: String)] {
        featureLines
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
                        + (has(.numbersCloseReasonsOneLower)
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
        if keepsExpiredPopupsInControlCenter {
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

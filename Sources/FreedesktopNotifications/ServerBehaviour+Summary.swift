extension ServerBehaviour {
    /// The behaviour in a few words, for `unotify server --explain`'s list of measured quirks.
    public var summary: String {
        switch self {
        case .drawsNoButtons(let command): "draws no buttons (actions are chosen with \(command))"
        case .hasNoDefaultAction: "a click on the body reports no default action"
        case .maximumButtons(let count): "at most \(count) buttons can be clicked"
        case .buttonsBeforeMenu(let count): "more than \(count) actions go into a drop-down list"
        case .wantsDefaultActionLast: "drops the action after default"
        case .keysActionsByTitle: "keys actions by their titles"
        case .hidesButtonsWhenQuiet: "shows low-urgency notifications in a tray without buttons"
        case .dropsQuietNotifications: "shows no low-urgency notification"
        case .playsSoundFile: "plays sound hints itself"
        case .playsNoSoundFile: "advertises sound but plays no sound-file hint"
        case .playsSoundOnlyWithBanner: "plays a sound only with a banner"
        case .replaysListedSounds: "plays an app's earlier sound again when the app notifies after another"
        case .playsNoSoundOnReplace: "plays no sound for a notification that replaces one"
        case .reportsCloseAsExpiry: "reports a user's close as an expiry"
        case .reportsDismissalWithoutActions: "has no actions but reports its close cross"
        case .numbersCloseReasonsOneLower: "numbers close reasons one lower than the specification"
        case .reportsDismissalAsReasonZero: "reports its close cross with reason 0"
        case .reportsDismissalAsClosedByCall: "reports a user's swipe as closed by a call (reason 3)"
        case .leavesClosedPopupsDrawn: "leaves a closed popup drawn"
        case .ignoresExpireTimeout: "ignores expiry times"
        case .expireTimeoutClamp(let range):
            "keeps every notification \(range.lowerBound / 1000) to \(range.upperBound / 1000) s"
        case .keepsExpiredPopupsInControlCenter: "keeps expired popups in its control center, unclosed"
        case .discardsNotificationsInDoNotDisturb:
            "discards every notification under its do-not-disturb, critical ones too, closing it at once"
        case .drawsInlineReplyOnlyWhenConfigured: "draws the inline-reply field it advertises only when configured to"
        case .showsLinksAsRawText: "shows a body with a link as raw text"
        case .drawsOnlyDeprecatedImagePath: "draws images from image_path only"
        case .readsImagePathAsFilePath: "reads image-path as a file path, never a URI"
        case .drawsImagesOnlyAsAppIcon: "draws images only as the app icon"
        case .refusesQuickRepeats: "refuses the same notification again within about a second"
        case .dropsNotificationsOfDepartedSenders: "drops a notification whose sender has already left"
        case .closesAppNotificationsWhenSenderLeaves: "closes an app's notifications when their sender leaves"
        }
    }
}

/// What a notification the agent sent is: one of its own popups, told apart by their action
/// keys (the agent puts no other mark on them), a provisional notification, or an app's own.
package enum CapturedKind: String, Hashable, Sendable {
    /// The permission prompt: *Allow* (`allow`) and *Don't Allow* (`deny`).
    case permissionPrompt = "permission-prompt"
    /// A notification delivered provisionally: *Keep…* (`unotify-keep`) and *Turn Off…* (`unotify-turn-off`).
    case provisional
    /// The popup after *Keep…*: `prominent` and `quiet`.
    case keepChoice = "keep-choice"
    /// The popup after *Turn Off…*: `turn-off-all` and `cancel`.
    case turnOffChoice = "turn-off-choice"
    /// An app's notification.
    case notification

    /// The kind of a notification the agent sent with these action keys.
    init(actionKeys keys: [String]) {
        self =
            if keys == ["allow", "deny"] {
                .permissionPrompt
            } else if keys.contains("unotify-keep") || keys.contains("unotify-turn-off") {
                .provisional
            } else if keys == ["prominent", "quiet"] {
                .keepChoice
            } else if keys == ["turn-off-all", "cancel"] {
                .turnOffChoice
            } else {
                .notification
            }
    }

    /// The kind an `--answer` target names: `prompt`, `provisional`, `keep-choice`, `turn-off-choice`.
    init?(answerTarget: String) {
        switch answerTarget {
        case "prompt": self = .permissionPrompt
        case "provisional": self = .provisional
        case "keep-choice": self = .keepChoice
        case "turn-off-choice": self = .turnOffChoice
        default: return nil
        }
    }
}

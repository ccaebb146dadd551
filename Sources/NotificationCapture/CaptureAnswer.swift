import FreedesktopNotifications

/// One `--answer TARGET=ANSWER` of `unotify capture`: which notification it answers and how.
/// Each answer is used once, on the first notification it matches; one that matched none by
/// the end of the run makes the run fail.
///
/// Targets: `prompt` (the agent's permission prompt), `provisional` (a notification the agent
/// delivered provisionally), `keep-choice` and `turn-off-choice` (the agent's follow-up popups
/// after *Keep…* and *Turn Off…*), `summary:TEXT`, `app:NAME` (the `app_name`, or the
/// `desktop-entry` hint), `any`. Answers: `allow`, `deny` (a prompt); `keep`, `turn-off` (a
/// provisional notification); `prominent`, `quiet` (the keep choice); `turn-off-all`, `cancel`
/// (the turn-off choice); `action:KEY`; `close:REASON` (`expired`, `dismissed`, `closed`,
/// `undefined`); `reply:TEXT` (KDE's inline reply, on a notification with an `inline-reply` action).
package struct CaptureAnswer: Hashable, Sendable {
    /// Which notifications an answer is for.
    package enum Target: Hashable, Sendable {
        case kind(CapturedKind)
        case summary(String)
        case app(String)
        case any
    }

    /// What the server does to the notification.
    package enum Response: Hashable, Sendable {
        /// Emits `ActionInvoked` with this key.
        case action(String)
        /// Emits `NotificationClosed` with this reason.
        case close(CloseReason)
        /// Emits `NotificationReplied` with this text.
        case reply(String)
    }

    /// The answer as it was written.
    package let text: String
    package let target: Target
    package let response: Response

    /// The answers the agent's own popups take, by the word that names them.
    static let kindWords: [CapturedKind: [String: String]] = [
        .permissionPrompt: ["allow": "allow", "deny": "deny"],
        .provisional: ["keep": "unotify-keep", "turn-off": "unotify-turn-off"],
        .keepChoice: ["prominent": "prominent", "quiet": "quiet"],
        .turnOffChoice: ["turn-off-all": "turn-off-all", "cancel": "cancel"],
    ]

    /// Reads `TARGET=ANSWER`.
    package init(parsing text: String) throws(CaptureError) {
        self.text = text
        guard let equals = text.firstIndex(of: "=") else {
            throw CaptureError("--answer \(text): write TARGET=ANSWER, as prompt=allow or summary:Tea=action:drink")
        }
        let targetText = String(text[..<equals])
        let answerText = String(text[text.index(after: equals)...])
        let target: Target
        if let kind = CapturedKind(answerTarget: targetText) {
            target = .kind(kind)
        } else if targetText.hasPrefix("summary:") {
            target = .summary(String(targetText.dropFirst("summary:".count)))
        } else if targetText.hasPrefix("app:") {
            target = .app(String(targetText.dropFirst("app:".count)))
        } else if targetText == "any" {
            target = .any
        } else {
            throw CaptureError(
                "--answer \(text): unknown target \(targetText); use prompt, provisional, keep-choice, "
                    + "turn-off-choice, summary:TEXT, app:NAME or any")
        }
        self.target = target
        self.response = try Self.response(answerText, for: target, in: text)
    }

    private static func response(_ answer: String, for target: Target, in text: String) throws(CaptureError)
        -> Response
    {
        if answer.hasPrefix("action:"), answer.count > "action:".count {
            return .action(String(answer.dropFirst("action:".count)))
        }
        if answer.hasPrefix("reply:") { return .reply(String(answer.dropFirst("reply:".count))) }
        if answer.hasPrefix("close:") {
            switch answer.dropFirst("close:".count) {
            case "expired": return .close(.expired)
            case "dismissed": return .close(.dismissed)
            case "closed": return .close(.closedByCall)
            case "undefined": return .close(.undefined)
            default:
                throw CaptureError("--answer \(text): close with expired, dismissed, closed or undefined")
            }
        }
        if case .kind(let kind) = target, let key = kindWords[kind]?[answer] { return .action(key) }
        let words: String =
            if case .kind(let kind) = target {
                (kindWords[kind] ?? [:]).keys.sorted().joined(separator: ", ") + ", "
            } else { "" }
        throw CaptureError(
            "--answer \(text): unknown answer \(answer); use \(words)action:KEY, close:REASON or reply:TEXT")
    }

    /// Whether this answer is for `notification`.
    package func matches(_ notification: CapturedNotification) -> Bool {
        switch target {
        case .kind(let kind): notification.kind == kind
        case .summary(let summary): notification.request.summary == summary
        case .app(let name):
            notification.request.appName == name || notification.appID == name
                || notification.request.hints.desktopEntry == name
                || notification.request.hints.desktopEntry == name + ".desktop"
        case .any: true
        }
    }
}

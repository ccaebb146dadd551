import FreedesktopNotifications

/// The line that tells the user which actions a notification has and how to choose one, on a
/// server that takes actions but draws no buttons (`ServerProfile.drawsButtons`; mako):
/// “Choose “Allow” or “Don’t Allow” with makoctl menu”. It becomes the first line of the body
/// of every notification with choices besides the `default` action (the prompt, the provisional
/// Keep… / Turn Off… and their follow-ups, a category's actions): mako cuts a popup at 100
/// pixels by default (`height`), which left a last line unseen below a two-line title and a
/// three-line body (measured on mako 1.7.1, screenshots). A notification whose only action is
/// `default` (mako's left click) gets none.
package struct ActionMenuHint: Sendable {
    /// The server's command that lists a notification's actions to choose from.
    package let command: String
    /// The body is read as markup: action titles are escaped so they show as typed.
    package let escapesMarkup: Bool
    package let strings: PromptStrings

    /// nil where the server draws buttons (or takes no actions at all).
    package init?(profile: ServerProfile?, strings: PromptStrings) {
        guard let profile, let command = profile.actionMenuCommand else { return nil }
        self.command = command
        escapesMarkup = profile.readsMarkup
        self.strings = strings
    }

    /// `request` with the hint for `profile`'s server; unchanged where buttons are drawn.
    package static func applied(to request: NotifyRequest, profile: ServerProfile?, strings: PromptStrings)
        -> NotifyRequest
    {
        ActionMenuHint(profile: profile, strings: strings)?.applied(to: request) ?? request
    }

    /// `request` with the hint as the first line of its body; unchanged without choices.
    package func applied(to request: NotifyRequest) -> NotifyRequest {
        let labels = request.actions.filter { $0.key != NotificationAction.defaultKey }.map(\.label)
        guard !labels.isEmpty else { return request }
        var line = strings.text("menu.choices", list(labels), command)
        if escapesMarkup { line = PresentationMapping.escapeMarkup(line) }
        var hinted = request
        hinted.body = request.body.isEmpty ? line : line + "\n" + request.body
        return hinted
    }

    /// “A”, “B” or “C”, in the user's language.
    private func list(_ labels: [String]) -> String {
        let quoted = labels.map { strings.text("menu.choice", $0) }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: strings.text("menu.separator")) + strings.text("menu.or") + last
    }
}

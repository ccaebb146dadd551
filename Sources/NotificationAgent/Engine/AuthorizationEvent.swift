import NotificationAgentClient

/// What can happen to one app's authorization: the inputs of `AuthorizationMachine`.
package enum AuthorizationEvent: Hashable, Sendable {
    /// The app called `requestAuthorization(options:)`; `.provisional` among the options makes
    /// it a provisional request. The agent gives each request a token; the answer comes as
    /// `AuthorizationEffect.completeRequests` naming it, exactly once.
    case request(RequestID, options: AuthorizationOptionBits)
    /// The agent showed the popup that a `showPrompt` / `showKeepFollowUp` /
    /// `showTurnOffConfirmation` effect asked for, and the server gave it this id.
    case popupShown(PopupID, PopupKind)
    /// The agent could not show the popup it was asked for (no server, an error): handled as if
    /// the popup had been dismissed.
    case popupFailed(PopupKind)
    /// `ActionInvoked(id, key)` from the current owner of the notification server's name.
    /// Acts only when `id` is the popup the machine waits on and `key` is one of its
    /// `PopupKind.actionKeys`; anything else (spoofed, stale, foreign, unknown key) changes
    /// nothing.
    case clicked(PopupID, actionKey: String)
    /// `NotificationClosed(id, _)`: the popup was dismissed or expired (or closed after a
    /// click). Acts only when `id` is the popup the machine waits on.
    case closed(PopupID)
    /// *Keep…* was clicked on a notification delivered provisionally. The agent passes this
    /// only for a notification id that it created itself for this app (its id map), from the
    /// server's current owner; the machine acts only when the app is provisional.
    case keepClicked(onNotification: PopupID)
    /// *Turn Off…* was clicked on a notification delivered provisionally; same conditions as
    /// `keepClicked`.
    case turnOffClicked(onNotification: PopupID)
    /// The user set these settings (`unotify settings`, the Settings app's role).
    case settingsChanged(AppSettings)
    /// `unotify settings ID reset`: back to not determined.
    case reset
}

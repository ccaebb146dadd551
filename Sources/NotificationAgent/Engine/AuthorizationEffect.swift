import NotificationAgentClient

/// What the agent must do after an `AuthorizationEvent`: the outputs of `AuthorizationMachine`,
/// in the order they are to be carried out.
package enum AuthorizationEffect: Hashable, Sendable {
    /// Show the permission prompt (*Allow* / *Don't Allow*), then report
    /// `AuthorizationEvent.popupShown(id, .permission)` or `.popupFailed(.permission)`. The
    /// options are those of the request that asked; the prompt must not expire on its own.
    case showPrompt(AuthorizationOptionBits)
    /// Show the *Deliver Prominently* / *Deliver Quietly* popup, then report
    /// `popupShown(id, .keepFollowUp)` or `popupFailed(.keepFollowUp)`.
    case showKeepFollowUp
    /// Show the *Turn Off All Notifications* / *Cancel* popup, then report
    /// `popupShown(id, .turnOffConfirmation)` or `popupFailed(.turnOffConfirmation)`.
    case showTurnOffConfirmation
    /// Close this popup (`CloseNotification`): it is answered, superseded or unwanted. A
    /// "no such notification" error from the server is harmless here.
    case closePopup(PopupID)
    /// Answer these waiting `requestAuthorization` calls, each exactly once, with `granted`.
    case completeRequests(granted: Bool, requests: [RequestID])
    /// Store these settings for the app (`SettingsStore.update`) before answering anyone.
    case persist(AppSettings)
}

import NotificationAgentClient

/// iOS's notification authorization as a state machine for one app: pure and deterministic.
///
/// Its state is the stored `AppSettings` plus what is transient: the popup it waits on (if any)
/// and the requests waiting for the permission prompt's answer. `handle(_:)` takes one event
/// and returns the effects the agent must carry out, in order; it does no I/O.
///
/// Rules beyond the table, chosen so that every event has exactly one meaning:
/// - One popup per app at a time. Explicit requests while the permission prompt is pending
///   join its waiters (the prompt then grants the union of their options). An explicit request
///   while a provisional app shows its *Keep* follow-up or *Turn Off* confirmation replaces
///   that popup with the prompt. *Keep…* / *Turn Off…* while any popup is pending do nothing.
/// - A provisional request is never a waiter: not determined → provisional and `true`, even
///   while a prompt is pending (which stays pending, now over a provisional app); provisional →
///   `true`; authorized → `true`; denied → `false`.
/// - The permission prompt answered: waiters get `true` on *Allow*, `false` on *Don't Allow*,
///   `false` when it is dismissed, expires or could not be shown (the app keeps its status:
///   not determined, or provisional if it was).
/// - Clicks and closes act only on the popup the machine waits on, by id, and clicks only
///   with that popup's keys (`PopupKind.actionKeys`); anything else changes nothing and
///   returns no effect. An answered popup is closed (`closePopup`), in case the server keeps
///   it; a `popupShown` that nothing waits on is closed too.
/// - `settingsChanged` and `reset` set exactly the given (or default) settings, end any
///   pending popup (closing it) and answer its waiters: `true` only if the new status is
///   authorized.
///
/// Invariants (checked by the model-based tests): waiters exist exactly when the pending popup
/// is the permission prompt; a *Keep* follow-up or *Turn Off* confirmation is pending only
/// while the app is provisional.
package struct AuthorizationMachine: Hashable, Sendable {
    /// The app's stored settings, as last persisted.
    package private(set) var settings: AppSettings
    /// The popup this app waits on, if any.
    package private(set) var popup: PendingPopup?
    /// The requests waiting for the permission prompt's answer, oldest first.
    package private(set) var waitingRequests: [RequestID] = []
    /// The options the pending permission prompt grants on *Allow*: the union of its waiters'.
    package private(set) var promptOptions: AuthorizationOptionBits = []

    /// A machine over the app's stored settings, waiting on nothing (popups do not survive the
    /// agent).
    package init(settings: AppSettings = AppSettings()) {
        self.settings = settings
    }

    /// Applies `event` and returns what the agent must do, in order.
    package mutating func handle(_ event: AuthorizationEvent) -> [AuthorizationEffect] {
        switch event {
        case .request(let request, let options):
            return handleRequest(request, options: options)
        case .popupShown(let id, let kind):
            return handlePopupShown(id, kind: kind)
        case .popupFailed(let kind):
            guard let popup, popup.id == nil, popup.kind == kind else { return [] }
            return endPopup(storing: nil, granted: false, closing: false)
        case .clicked(let id, let key):
            guard let popup, let current = popup.id, current == id else { return [] }
            return handleClick(on: popup.kind, key: key)
        case .closed(let id):
            guard let popup, let current = popup.id, current == id else { return [] }
            return endPopup(storing: nil, granted: false, closing: false)
        case .keepClicked:
            return openFollowUp(.keepFollowUp, effect: .showKeepFollowUp)
        case .turnOffClicked:
            return openFollowUp(.turnOffConfirmation, effect: .showTurnOffConfirmation)
        case .settingsChanged(let newSettings):
            return endPopup(storing: newSettings, granted: newSettings.grantsRequests, closing: true)
        case .reset:
            return endPopup(storing: AppSettings(), granted: false, closing: true)
        }
    }

    private mutating func handleRequest(_ request: RequestID, options: AuthorizationOptionBits)
        -> [AuthorizationEffect]
    {
        switch settings.authorization {
        case .authorized:
            return [.completeRequests(granted: true, requests: [request])]
        case .denied:
            return [.completeRequests(granted: false, requests: [request])]
        case .provisional where options.contains(.provisional):
            return [.completeRequests(granted: true, requests: [request])]
        case .notDetermined where options.contains(.provisional):
            let provisional = AppSettings.provisional(requesting: options)
            settings = provisional
            return [.persist(provisional), .completeRequests(granted: true, requests: [request])]
        case .notDetermined, .provisional:
            if let popup, popup.kind == .permission {
                waitingRequests.append(request)
                promptOptions.formUnion(options)
                return []
            }
            var effects: [AuthorizationEffect] = []
            if let replaced = popup?.id {
                effects.append(.closePopup(replaced))
            }
            popup = PendingPopup(kind: .permission)
            waitingRequests = [request]
            promptOptions = options
            effects.append(.showPrompt(options))
            return effects
        }
    }

    private mutating func handlePopupShown(_ id: PopupID, kind: PopupKind) -> [AuthorizationEffect] {
        guard let popup, popup.id == nil, popup.kind == kind else {
            // Shown for a request that was answered or superseded meanwhile: take it down.
            return [.closePopup(id)]
        }
        self.popup = PendingPopup(kind: kind, id: id)
        return []
    }

    private mutating func handleClick(on kind: PopupKind, key: String) -> [AuthorizationEffect] {
        switch (kind, key) {
        case (.permission, AuthorizationActionKey.allow):
            return endPopup(storing: .authorized(requesting: promptOptions), granted: true, closing: true)
        case (.permission, AuthorizationActionKey.deny):
            return endPopup(storing: .denied(requesting: promptOptions), granted: false, closing: true)
        case (.keepFollowUp, AuthorizationActionKey.prominent):
            let stored = settings.requestedOptions
            return endPopup(storing: .authorized(requesting: stored), granted: true, closing: true)
        case (.keepFollowUp, AuthorizationActionKey.quiet):
            let stored = settings.requestedOptions
            return endPopup(storing: .deliveredQuietly(requesting: stored), granted: true, closing: true)
        case (.turnOffConfirmation, AuthorizationActionKey.turnOffAll):
            let stored = settings.requestedOptions
            return endPopup(storing: .denied(requesting: stored), granted: false, closing: true)
        case (.turnOffConfirmation, AuthorizationActionKey.cancel):
            return endPopup(storing: nil, granted: false, closing: true)
        default:
            return []
        }
    }

    private mutating func openFollowUp(_ kind: PopupKind, effect: AuthorizationEffect) -> [AuthorizationEffect] {
        guard settings.authorization == .provisional, popup == nil else { return [] }
        popup = PendingPopup(kind: kind)
        return [effect]
    }

    /// Ends the pending popup (if any): stores `newSettings` (if any), closes the popup if it
    /// was shown and `closing`, and answers every waiter with `granted`.
    private mutating func endPopup(storing newSettings: AppSettings?, granted: Bool, closing: Bool)
        -> [AuthorizationEffect]
    {
        var effects: [AuthorizationEffect] = []
        if let newSettings {
            settings = newSettings
            effects.append(.persist(newSettings))
        }
        if closing, let shown = popup?.id {
            effects.append(.closePopup(shown))
        }
        popup = nil
        promptOptions = []
        if !waitingRequests.isEmpty {
            effects.append(.completeRequests(granted: granted, requests: waitingRequests))
            waitingRequests = []
        }
        return effects
    }
}

import DBus
import DesktopIntegration
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import UserNotificationsCore

/// Authorization: prompts and their effects, one machine per app.
extension NotificationAgent {
    func requestAuthorization(_ app: String, _ options: AuthorizationOptionBits) async throws
        -> (decided: Bool, granted: Bool, status: AppSettings.Authorization)
    {
        try await refusePromptWithoutButtons(app: app, options: options)
        let request = authorizations.newRequest()
        let answer = try await apply(.request(request, options: options), app: app, waitingFor: request)
        if let reason = authorizations.takeLostReason(request) { throw AgentError(.server, reason) }
        let status = try machine(for: app).settings.authorization
        guard let granted = answer else { return (false, false, status) }
        return (true, granted, status)
    }

    /// Forgets `app`'s settings: it is as never seen, so `ListApps` no longer lists it. An app
    /// never seen, with no prompt waiting, is left as it is (a reset does not add it).
    func resetSettings(_ app: String) async throws {
        let stored = try authorizations.store.allApps()[app] != nil
        guard stored || !authorizations.waitingRequests(app: app).isEmpty else { return }
        try await apply(.reset, app: app)
        // The reset's effects save the default settings; an app reset is one never seen.
        try authorizations.store.reset(app)
    }

    /// On a server without buttons (notify-osd) the prompt cannot be answered in a popup: show
    /// the user the command that answers it, leave the app undetermined, and tell the caller.
    func refusePromptWithoutButtons(app: String, options: AuthorizationOptionBits) async throws {
        guard !options.contains(.provisional) else { return }
        let status = try machine(for: app).settings.authorization
        guard status == .notDetermined || status == .provisional else { return }
        let profile = try await server.profile()
        guard !profile.showsActions else { return }
        let name = AppDisplayName.name(for: app)
        var hints = NotificationHints()
        hints.urgency = .critical
        // try?: the caller is told why just below (AgentError .cannotAsk) whether or not this shows
        _ = try? await server.notify(
            NotifyRequest(
                appName: name, summary: authorizations.strings.text("prompt.title", name),
                body: authorizations.strings.text("noButtons.prompt", name, app),
                hints: hints, expireTimeout: .never))
        throw AgentError(
            .cannotAsk,
            "the notification server (\(profile.information?.name ?? "unknown")) cannot show "
                + "buttons, so it cannot ask; the user was shown how to answer: unotify settings \(app) allow (or deny)"
        )
    }

    /// Feeds one event to the app's machine and carries out its effects; returns the answer
    /// given to `waitingFor` if the effects answered it.
    @discardableResult
    func apply(_ event: AuthorizationEvent, app: String, waitingFor: RequestID? = nil) async throws -> Bool? {
        var pending = try authorizations.handle(event, app: app)
        var answer: Bool?
        var unsaved: (any Error)?
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            switch effect {
            case .persist(let settings):
                authorizations.beginWrite(app: app)
                defer { authorizations.endWrite(app: app) }
                do {
                    try await authorizations.persist(settings, app: app)
                } catch {
                    // Nothing is decided that is not on disk: the waiting requests fail.
                    unsaved = error
                }
            case .completeRequests(let granted, let requests):
                if let unsaved {
                    authorizations.lose(requests, "the answer could not be saved, so nothing was decided: \(unsaved)")
                }
                if let waitingFor, requests.contains(waitingFor) { answer = granted }
                let others = requests.filter { $0 != waitingFor }
                if !others.isEmpty || waitingFor == nil {
                    let reasons = others.compactMap { authorizations.takeLostReason($0) }
                    if let reason = reasons.first {
                        try await emitFailure(app: app, reason: reason)
                    } else {
                        try await emitDecision(app: app, granted: granted)
                    }
                }
            case .closePopup(let popup):
                guard let id = shown.id(ofPopup: popup), let closing = shown.removePopup(id) else { break }
                await takeDown(id, showing: authorizations.popup(closing.kind, app: closing.app))
            case .showPrompt, .showKeepFollowUp, .showTurnOffConfirmation:
                let kind = Self.kind(of: effect)
                let followUp: AuthorizationEvent
                do {
                    // try?: without a profile the prompt is sent as is; its Notify's error is handled below
                    let profile = try? await server.profile()
                    var prompt = ActionMenuHint.applied(
                        to: authorizations.popup(kind, app: app), profile: profile, strings: authorizations.strings)
                    if let profile { prompt.expireTimeout = profile.expireTimeoutOnWire(prompt.expireTimeout) }
                    let id = try await server.notify(prompt, replacing: nil)
                    if shown.isRetired(id.owner) {
                        // Shown by a server that has gone meanwhile: nobody can answer it.
                        authorizations.lose(try machine(for: app).waitingRequests, Self.serverWentAway)
                        followUp = .popupFailed(kind)
                    } else {
                        let popup = shown.newPopupID()
                        shown.addPopup(ShownPopup(app: app, kind: kind, popup: popup), at: id)
                        followUp = .popupShown(popup, kind)
                        replayHeld(id)
                    }
                } catch let error as NotificationServerError
                    where error.dbusErrorName == NotificationPortal.notAllowedError && kind == .permission
                {
                    // The notification portal's answer: the user turned this app's notifications
                    // off in the desktop's settings. That is a decision: denied.
                    let requested = try machine(for: app).settings.requestedOptions
                    followUp = .settingsChanged(.denied(requesting: requested))
                } catch {
                    authorizations.lose(
                        try machine(for: app).waitingRequests,
                        "the permission prompt could not be shown, so nothing was decided: \(error)")
                    followUp = .popupFailed(kind)
                }
                pending += try authorizations.handle(followUp, app: app)
            }
        }
        if let unsaved {
            // What is on disk is what counts: the app's machine starts again from it, so that
            // nothing is allowed in memory that was not saved.
            authorizations.forget(app: app)
            throw unsaved
        }
        return answer
    }

    static let serverWentAway =
        "the notification server went away while the permission prompt was shown, so "
        + "nothing was decided; ask again (the prompt is shown on the server that runs then)"

    /// Takes one of the agent's popups off the screen: `CloseNotification`, or, where the server
    /// leaves a closed popup drawn (`ServerProfile.removesClosedPopups`), a copy of `request`
    /// without buttons that replaces it and expires after 1 ms. Errors are harmless here (the
    /// popup is gone already).
    func takeDown(_ id: OwnedNotificationID, showing request: NotifyRequest?) async {
        guard !shown.isRetired(id.owner) else { return }  // gone with its server
        // try?: without a profile the popup is closed below, as on most servers
        if var expiring = request, let profile = try? await server.profile(), !profile.removesClosedPopups {
            expiring.actions = []
            expiring.hints.isResident = nil
            expiring.expireTimeout = .milliseconds(1)
            // try?: taking a popup down: one the server already removed needs nothing
            _ = try? await server.replace(id, with: expiring)
            return
        }
        // try?: taking a popup down: one the server already removed needs nothing
        try? await server.closeNotification(id)
    }

    static func kind(of effect: AuthorizationEffect) -> PopupKind {
        switch effect {
        case .showKeepFollowUp: .keepFollowUp
        case .showTurnOffConfirmation: .turnOffConfirmation
        default: .permission
        }
    }

    func emitDecision(app: String, granted: Bool) async throws {
        let status = try machine(for: app).settings.authorization
        try await connection.send(AgentInterface.authorizationDecided.message((app, granted, status)))
    }

    func emitFailure(app: String, reason: String) async throws {
        try await connection.send(AgentInterface.authorizationFailed.message((app, reason)))
    }

    /// The app's machine (`AgentAuthorizations.machine(for:)`).
    func machine(for app: String) throws -> AuthorizationMachine {
        try authorizations.machine(for: app)
    }

    /// Publishes the app's badge when its badge setting allows it; returns whether it did.
    func showBadge(_ count: Int, app: String) async throws -> Bool {
        guard try authorizations.settings(for: app).badge == .enabled else { return false }
        try await connection.send(LauncherBadge.update(app: app, count: count))
        return true
    }
}

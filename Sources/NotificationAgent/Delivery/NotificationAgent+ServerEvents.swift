import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import UserNotificationsCore

/// The server's events: owner changes and the signals of the current owner.
extension NotificationAgent {
    /// `apply` for events nobody waits on: a failure (the store cannot be written) goes to stderr.
    func applyReporting(_ event: AuthorizationEvent, app: String) async {
        do {
            try await apply(event, app: app)
        } catch {
            log.write("\(app): \(error)")
        }
    }

    /// Handles, after the current step, the events that came for `id` before it was known.
    func replayHeld(_ id: OwnedNotificationID) {
        let waiting = shown.takeHeld(for: id)
        guard !waiting.isEmpty else { return }
        Task {
            for event in waiting { await handle(event) }
        }
    }

    /// The server's name changed owner: what the old owner showed is gone. Its popups end as
    /// closed (the requests waiting on a permission prompt fail, saying to ask again), its
    /// notifications are no longer delivered, and when a new server appears, the scheduled
    /// notifications that found none are fired.
    func serverOwnerChanged(to newOwner: String?) async {
        defer { serverWatch.owner = newOwner }
        restoreDelivered(owner: newOwner)
        if let old = serverWatch.owner, old != newOwner {
            let lost = shown.forget(owner: old)
            if !lost.delivered.isEmpty { deliveredChanged() }
            for notification in lost.delivered { delivery.attachments.release(notification.request.imagePath) }
            for popup in lost.popups {
                if popup.kind == .permission {
                    authorizations.lose(authorizations.waitingRequests(app: popup.app), Self.serverWentAway)
                }
                await applyReporting(.closed(popup.popup), app: popup.app)
            }
        }
        if newOwner != nil, !scheduler.firing.isEmpty { await fireInFlight() }
    }

    func handle(_ owned: OwnedServerEvent) async {
        let id = owned.notification
        guard shown.knows(id) else {
            if !shown.isRetired(id.owner) { shown.hold(owned) }
            return
        }
        switch owned.event {
        case .actionInvoked(_, let key):
            if let popup = shown.popups[id] {
                await applyReporting(.clicked(popup.popup, actionKey: key), app: popup.app)
            } else if let notification = shown.delivered[id] {
                switch key {
                case AuthorizationActionKey.keep, AuthorizationActionKey.turnOff:
                    guard shown.markClicked(id) else { return }
                    // The choice replaces the quiet notification. Most servers remove it on the
                    // click; lxqt-notificationd keeps it until its own timeout (the client must
                    // close it), so it is closed first. An id the server already closed gets an
                    // error, which is harmless.
                    // try?: an id the server closed already errs harmlessly (as the comment above says)
                    try? await server.closeNotification(id)
                    let clicked = shown.newPopupID()
                    let event: AuthorizationEvent =
                        key == AuthorizationActionKey.keep
                        ? .keepClicked(onNotification: clicked) : .turnOffClicked(onNotification: clicked)
                    await applyReporting(event, app: notification.app)
                default:
                    await actionChosen(key, on: id, notification)
                }
            }
        case .closed(_, let reported):
            // Cinnamon 6.6 under do-not-disturb discards what it is sent, closing it at once: no
            // close by the user, and nothing left on screen to answer, so it stays delivered.
            if shown.takeServerDiscard(id) { return }
            // The server's own numbering (Enlightenment's is one lower), read by its profile.
            // try?: a server without a profile reports reasons as the specification numbers them
            let reason = (try? await server.profile())?.closeReason(reported) ?? reported
            if let popup = shown.removePopup(id) {
                await applyReporting(.closed(popup.popup), app: popup.app)
            }
            shown.removeReplyToken(id)
            // A clicked notification was answered: the server's close that follows is no dismissal.
            let clicked = shown.wasClicked(id)
            if let notification = shown.removeDelivered(id) {
                deliveredChanged()
                delivery.attachments.release(notification.request.imagePath)
                // Only an out-of-spec reason needs the server's profile (Cinnamon's close cross sends 0).
                var meaning = reason
                // try?: without a profile an out-of-spec reason stays unrecognized, which reports no dismissal
                if case .unrecognized(let value) = reason, let profile = try? await server.profile() {
                    meaning = profile.closeReason(wireValue: value)
                }
                // Phosh's swipe reads "closed by a call"; unotifyd's own calls close only what it
                // has forgotten or what was clicked, so one it still held, unclicked, was the user's.
                // try?: without a profile reason 3 stays a call's close, which reports no dismissal
                if meaning == .closedByCall, (try? await server.profile())?.reportsDismissalAsClosedByCall == true {
                    meaning = .dismissed
                }
                if meaning == .dismissed, !clicked,
                    // try?: an unreadable categories.json means no category asked for dismissals (its error is reported where it is set)
                    (try? delivery.category(app: notification.app, identifier: notification.request.categoryIdentifier))?
                        .reportsDismissal == true
                {
                    await respond(to: id, notification, action: ResponseRecord.dismissActionIdentifier)
                }
            }
        case .activationToken(_, let token):
            shown.setActivationToken(token, for: id)
        case .replied(_, let text):
            guard let notification = shown.delivered[id], shown.markClicked(id) else { return }
            // try?: an unreadable categories.json leaves the reply under the inline-reply key, still delivered
            let category = try? delivery.category(
                app: notification.app, identifier: notification.request.categoryIdentifier)
            let action =
                category?.actions.first { $0.textInput != nil }?.identifier ?? PresentationMapping.inlineReplyKey
            await respond(to: id, notification, action: action, text: text)
        }
    }
}

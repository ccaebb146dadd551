import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import UserNotificationsCore

/// Responses: clicks on delivered notifications, typed replies, listeners and presenters.
extension NotificationAgent {
    /// A click on a delivered notification: the default action, a category action, or a
    /// text-input action that needs the fallback (the server has no `inline-reply`); in a
    /// sandbox, where no `unotify reply` can be run, a text-input action answers with empty text.
    ///
    /// An answered notification leaves the screen, as on Apple's platforms: most servers close it
    /// on the click, lxqt-notificationd keeps it until it expires (measured, as for Keep…), so
    /// the agent closes it (an id the server closed already gets a harmless error). One waiting
    /// for its typed reply stays until the reply comes. A notification answers once: a second
    /// click on it is ignored, and the server's close after the click is no dismissal
    /// (``ServerNotificationRegistry/markClicked(_:)``).
    func actionChosen(_ key: String, on id: OwnedNotificationID, _ notification: DeliveredNotification) async {
        if key == NotificationAction.defaultKey {
            guard shown.markClicked(id) else { return }
            await respond(to: id, notification, action: ResponseRecord.defaultActionIdentifier)
            // try?: closing after the click is tidying: an id the server closed already errs harmlessly
            try? await server.closeNotification(id)
            return
        }
        // try?: an unreadable categories.json means no such action: the click is ignored, as an unknown key
        let category = try? delivery.category(
            app: notification.app, identifier: notification.request.categoryIdentifier)
        guard let action = category?.actions.first(where: { $0.identifier == key }), shown.markClicked(id) else {
            return
        }
        if action.textInput != nil, case .appInSandbox = host {
            // Through the portal with no text (Phosh's backend drops the reply purpose): the
            // sandbox has no `unotify reply` to type it with, so the delegate hears the click with
            // empty text, and the app asks for the text in its own window.
            await respond(to: id, notification, action: key, text: "")
            // try?: closing after the click is tidying: an id the server closed already errs harmlessly
            try? await server.closeNotification(id)
        } else if action.textInput != nil {
            await askForReplyText(on: id, notification, action: action)
        } else {
            await respond(to: id, notification, action: key)
            // try?: closing after the click is tidying: an id the server closed already errs harmlessly
            try? await server.closeNotification(id)
        }
    }

    /// The fallback for text input without `inline-reply`: a notification that tells the user
    /// the command that types the reply (`unotify reply NUMBER "text"`), with a new
    /// ``ReplyNumber``. The waiting reply keeps the notification, its action and its activation
    /// token (``PendingReply``): notification-daemon and xfce4-notifyd close the clicked popup,
    /// and the server may go away, before the text comes. Beyond ``PendingReplies/limit`` the
    /// oldest waiting reply is dropped and its "Reply to …" taken down.
    func askForReplyText(
        on id: OwnedNotificationID, _ notification: DeliveredNotification,
        action: CategoryRecord.Action
    ) async {
        let number = ReplyNumber.random()
        var hints = NotificationHints()
        hints.urgency = .critical
        let request = NotifyRequest(
            appName: AppDisplayName.name(for: notification.app),
            summary: authorizations.strings.text("reply.title", notification.request.title),
            body: authorizations.strings.text("reply.body", number), hints: hints,
            // try?: without a profile "Reply to …" stays until answered (never expires)
            expireTimeout: (try? await server.profile())?.expireTimeoutOnWire(.never) ?? .never)
        let dropped = shown.awaitReply(
            PendingReply(
                number: number, notification: notification, shownAt: id, action: action.identifier,
                activationToken: shown.activationTokens[id], prompt: request))
        for old in dropped {
            if let prompt = old.promptShownAt { await takeDown(prompt, showing: old.prompt) }
        }
        let promptID: OwnedNotificationID
        do {
            promptID = try await server.notify(request, replacing: nil)
        } catch {
            return log.write(
                "responses",
                "“Reply to …” for \(notification.app) was not shown (`unotify reply \(number)` still answers): \(error)"
            )
        }
        if !shown.addReplyToken(number, shownAt: promptID) {
            await takeDown(promptID, showing: request)  // answered or dropped while it was being shown
        }
    }

    /// `unotify reply NUMBER TEXT`: answers the text-input action waiting under `number`
    /// (``ReplyNumber/canonical(_:)``), unless wrong numbers came too fast (``WrongReplyLimit``).
    /// Then "Reply to …" has done its work and is taken down, and so is the answered
    /// notification if the server still shows it (dunst keeps a clicked popup).
    func typedReply(number typed: String, text: String) async throws {
        let now = monotonicClock()
        guard !wrongReplies.isRefusing(at: now) else {
            throw AgentError(
                .invalidArgument,
                "too many wrong reply numbers (\(wrongReplies.limit) within \(wrongReplies.window)); "
                    + "wait a moment, then type the number again")
        }
        guard let number = ReplyNumber.canonical(typed), let pending = shown.takePendingReply(number) else {
            wrongReplies.recordWrongNumber(at: now)
            throw AgentError(
                .invalidArgument,
                "no reply is waiting under \(AgentError.quote(typed)) (it was answered or has expired); "
                    + "type the number the \"Reply to …\" notification shows, such as 4F7Q-9K2M-XR3T-8W1V")
        }
        await respond(
            pending.notification, action: pending.action, text: text, activationToken: pending.activationToken)
        if let prompt = pending.promptShownAt { await takeDown(prompt, showing: pending.prompt) }
        // try?: closing the answered notification is tidying; an id already closed errs harmlessly
        if shown.wasClicked(pending.shownAt) { try? await server.closeNotification(pending.shownAt) }
    }

    /// Sends the response to `notification`, shown under `id`, with the activation token the
    /// server sent for it.
    func respond(
        to id: OwnedNotificationID, _ notification: DeliveredNotification, action: String,
        text: String? = nil
    ) async {
        await respond(notification, action: action, text: text, activationToken: shown.activationTokens[id])
    }

    /// Sends the response to `notification` to the app's listeners (or keeps it for its next
    /// `Listen`). What cannot be delivered or kept is logged (``AgentLog``): no caller is left
    /// to hear it, the user's click being the cause.
    func respond(
        _ notification: DeliveredNotification, action: String, text: String?, activationToken: String?
    ) async {
        let response = ResponseRecord(
            app: notification.app, request: notification.request, deliveredAt: notification.date.timeIntervalSince1970,
            actionIdentifier: action, userText: text, activationToken: activationToken)
        let listeners = router.route(response)
        if listeners.isEmpty { await saveQueuedResponsesReporting() }  // queued until the app listens
        for listener in listeners {
            let signal = AgentInterface.response.message(
                // try?: listeners are the bus's unique names, always valid
                (notification.app, response), to: try? BusName(validating: listener))
            do {
                _ = try await connection.send(signal)
            } catch {
                log.write(
                    "responses",
                    "\(notification.app)'s answer '\(action)' did not reach its listener \(listener): \(error)")
            }
        }
    }

    /// Forgets a listener when its connection leaves the bus.
    func watchListener(_ name: String) {
        // try?: listeners are the bus's unique names, always valid
        guard let busName = try? BusName(validating: name) else { return }
        let connection = self.connection
        Task { [weak self] in
            // try?: a match that cannot be added leaves the listener until the agent restarts; sends to it then fail, logged
            guard let changes = try? await connection.nameOwnerChanges(of: busName) else { return }
            // try?: an owner that cannot be read is taken as gone: the listener is dropped
            if (try? await connection.nameOwner(of: busName)) == nil {
                await self?.dropListener(name)
                return
            }
            do {
                for try await change in changes where change.newOwner == nil {
                    await self?.dropListener(name)
                    return
                }
            } catch {}
        }
    }

    func dropListener(_ name: String) {
        router.removeListener(name)
    }

    /// Asks the running app's delegate (`willPresent`) how to present; `nil` when the app has no
    /// presenter or it does not answer within two seconds (then the settings alone decide). A
    /// presenter that lets the deadline pass is not asked again until it registers again, so a
    /// hung app costs its deadline once, not on every notification.
    func askPresenter(app: String, request: DeliveryRequest) async -> PresentationOptionBits? {
        // try?: presenters are the bus's unique names, always valid
        guard let presenter = router.presenter(for: app), let destination = try? BusName(validating: presenter) else {
            return nil
        }
        let call = DBusMessage.methodCall(
            destination: destination, path: AgentInterface.appPath, interface: AgentInterface.appInterface,
            member: AgentInterface.appDescription.methods[0].name,
            body: AgentInterface.willPresentArguments.encode((app, request)))
        let reply: DBusMessage
        do {
            reply = try await connection.call(call, timeout: .seconds(2))
        } catch let error as DBusError where error.code == .timedOut {
            router.presenterWentSilent(presenter)
            log.write(
                "\(app)'s presenter \(presenter) did not answer WillPresent within 2 s;"
                    + " it is not asked again until it registers again")
            return nil
        } catch {
            return nil
        }
        // try?: a reply of other types is "present as the settings say", as when no delegate runs
        guard case (true, let bits)? = try? AgentInterface.willPresentReply.decode(reply.body) else { return nil }
        return PresentationOptionBits(rawValue: UInt(bits))
    }
}

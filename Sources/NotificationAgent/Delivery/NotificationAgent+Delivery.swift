import DesktopIntegration
import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import UserNotificationsCore

/// Delivery: whether and how a request is shown, what is on screen, the server's profile.
extension NotificationAgent {
    func add(_ request: DeliveryRequest, app: String) async throws -> ServerNotificationID {
        try await deliver(request, app: app)?.id ?? .unassigned
    }

    /// The app's settings, when `app` may notify at all (authorized or provisional) and
    /// `request` has something to show; the error that says what to do otherwise. Checked when
    /// a request is added, scheduled or not.
    @discardableResult
    func checkMayNotify(_ request: DeliveryRequest, app: String) throws -> AppSettings {
        // The saved settings: one being written (waiting for the lock) is not decided yet.
        let settings = try authorizations.settings(for: app)
        guard settings.authorization == .authorized || settings.authorization == .provisional else {
            throw AgentError(
                .notAllowed,
                "notifications from \(app) are not allowed (\(settings.authorization)); "
                    + "the app must request authorization first, or the user can run `unotify settings \(app) allow`"
                    + (authorizations.desktop.map { " or allow it in \($0.place)" } ?? ""))
        }
        guard request.hasContent else {
            throw AgentError(.invalidArgument, "the notification has no content: give it a title, a body or a sound")
        }
        return settings
    }

    /// Shows `request` for `app` if its settings (and its running delegate) let it; returns the
    /// owned id it is shown under, `nil` when the delegate chose not to present it.
    func deliver(_ request: DeliveryRequest, app: String) async throws -> OwnedNotificationID? {
        let settings = try checkMayNotify(request, app: app)
        let replacing = shown.delivered(app: app, identifier: request.identifier)
        if let replacing, let old = shown.removeDelivered(replacing) {
            delivery.attachments.release(old.request.imagePath)
            deliveredChanged()
        }
        let presentation = await askPresenter(app: app, request: request)
        if let presentation, presentation.isDisjoint(with: [.alert, .banner, .list, .sound, .badge]) {
            return nil  // the running app's delegate chose not to present it
        }
        let profile = try await server.profile()
        var plan = try delivery.plan(
            request, app: app, settings: settings, profile: profile, presentation: presentation,
            strings: authorizations.strings)
        let serverSilent = profile.isSilentInDoNotDisturb
        let matters = PresentationMapping.doNotDisturbMatters(
            request.interruptionLevel, settings: settings, plan: plan, serverSilent: serverSilent)
        // A server that discards everything under its do-not-disturb is asked for every one.
        let doNotDisturb =
            matters || profile.discardsNotificationsInDoNotDisturb ? await doNotDisturbIsOn(profile) : false
        if matters, doNotDisturb {
            PresentationMapping.applyDoNotDisturb(
                request.interruptionLevel, settings: settings, serverSilent: serverSilent, sound: request.sound,
                to: &plan)
        }
        // Replaced on the server connection that showed it, never on another.
        let id = try await server.notify(
            plan.notify, replacing: await replacedInPlace(replacing, by: plan.notify, profile: profile))
        let shownRequest = await withoutReplayedSound(plan.notify, shownAt: id, profile: profile)
        // try?: the badge is beside the notification, which is shown; the launcher API has no one to tell
        if let badge = plan.badge { _ = try? await showBadge(badge, app: app) }
        if let sound = plan.soundToPlay {
            delivery.soundPlayer.play(sound, app: app)
        }
        guard !shown.isRetired(id.owner) else { return id }  // its server has gone meanwhile
        let delivered = DeliveredNotification(app: app, request: request, date: Date(), shown: shownRequest)
        // The oldest of the app's beyond the bound are forgotten, and their attachments with them.
        for forgotten in shown.addDelivered(delivered, at: id) {
            delivery.attachments.release(forgotten.request.imagePath)
        }
        if doNotDisturb, profile.discardsNotificationsInDoNotDisturb { shown.markDiscardedByServer(id) }
        deliveredChanged()
        replayHeld(id)
        if case .milliseconds(let time) = plan.notify.expireTimeout, !profile.expiresItself(afterMilliseconds: time) {
            expire(id, shownAt: delivered.date, after: .milliseconds(Int(time)))
        }
        return id
    }

    /// The notification an update replaces in place (`replaces_id`): `replacing`, unless the
    /// update has a sound that the server would not play for a replacement
    /// (``ServerProfile/playsSoundOnReplace``, Phosh); then the old one is closed and the update
    /// shown as a new notification, heard as one.
    func replacedInPlace(_ replacing: OwnedNotificationID?, by update: NotifyRequest, profile: ServerProfile) async
        -> OwnedNotificationID?
    {
        guard let replacing, !profile.playsSoundOnReplace,
            update.hints.soundFile != nil || update.hints.soundName != nil
        else { return replacing }
        await takeDown(replacing, showing: nil)
        return nil
    }

    /// `shown`, the notification just shown under `id`, as it stays on a server that plays a
    /// listed notification's sound again (``ServerProfile/replaysListedSounds``, Phosh): replaced
    /// there at once by the same notification without its sound hint, once the server has asked
    /// for the sound (it does so before it answers `Notify`), so that the sound is heard once.
    func withoutReplayedSound(_ shown: NotifyRequest, shownAt id: OwnedNotificationID, profile: ServerProfile) async
        -> NotifyRequest
    {
        guard profile.replaysListedSounds, shown.hints.soundFile != nil || shown.hints.soundName != nil else {
            return shown
        }
        var silent = shown
        silent.hints.soundFile = nil
        silent.hints.soundName = nil
        // try?: a server gone meanwhile has nothing left to replay; the notification stays delivered
        _ = try? await server.replace(id, with: silent)
        return silent
    }

    /// Forgets a delivered notification and takes it off the screen (and out of the tray).
    func remove(_ id: OwnedNotificationID, _ notification: DeliveredNotification) async {
        _ = shown.removeDelivered(id)
        deliveredChanged()
        delivery.attachments.release(notification.request.imagePath)
        await takeDown(id, showing: notification.shown)
    }

    /// Where the server does not close it as `expire_timeout` asks
    /// (``ServerProfile/expiresItself(afterMilliseconds:)``), takes
    /// the notification down when its time is up, unless it was closed or shown again meanwhile.
    func expire(_ id: OwnedNotificationID, shownAt date: Date, after time: Duration) {
        Task { [weak self] in
            // try?: cancelled only with the agent, which then expires nothing
            try? await Task.sleep(for: time)
            await self?.removeExpired(id, shownAt: date)
        }
    }

    func removeExpired(_ id: OwnedNotificationID, shownAt date: Date) async {
        guard let notification = shown.delivered[id], notification.date == date else { return }
        await remove(id, notification)
    }

    /// Whether the do-not-disturb the running server keeps is on (``DoNotDisturbSelection``);
    /// off where it keeps none or it cannot be read.
    func doNotDisturbIsOn(_ profile: ServerProfile) async -> Bool {
        guard
            let source = DoNotDisturbSelection.source(
                for: profile, server: server, desktop: authorizations.desktop)
        else { return false }
        return await source.isOn() ?? false
    }
}

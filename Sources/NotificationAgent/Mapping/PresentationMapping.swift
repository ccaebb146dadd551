import NotificationAgentClient
import DBus
import FreedesktopNotifications

/// The one place where the app's settings and a request become a `Notify` call.
///
/// Pure: the agent decides *whether* to deliver (authorization) and passes what it knows about
/// the server; this decides *how* the notification looks on the wire.
/// A category's actions follow the `default` action in order, as many as the server has room
/// for (`ServerProfile.maximumButtons`; `docs/research/button-limits.md`).
package enum PresentationMapping {
    /// The action keys of a provisional notification's choices.
    package static let keepActionKey = "unotify-keep"
    package static let turnOffActionKey = "unotify-turn-off"
    /// KDE's action key for the reply field of the `inline-reply` capability.
    package static let inlineReplyKey = "inline-reply"

    /// What the notification needs besides the `Notify` call.
    package struct Plan: Hashable, Sendable {
        package var notify: NotifyRequest
        /// A badge count to publish (Unity launcher API), when the badge setting allows it.
        package var badge: Int?
        /// A sound the agent should play itself (the server is not known to play it).
        package var soundToPlay: DeliveryRequest.Sound?
    }

    /// Maps one request for an app whose authorization allows delivery. The request's icon,
    /// expire timeout, `transient` and vendor hints are passed on; the hints the agent sets
    /// (`DeliveryRequest.reservedHints`) are never taken from the request.
    ///
    /// - Parameters:
    ///   - appName: the app's display name, for `app_name`.
    ///   - desktopEntry: the app's desktop-entry id, for the `desktop-entry` hint.
    ///   - replacing: the server id of a displayed notification with the same identifier.
    ///   - labels: the localized labels of the provisional actions.
    package static func plan(
        _ request: DeliveryRequest, settings: AppSettings, capabilities: ServerCapabilities, appName: String,
        desktopEntry: String?, replacing: ServerNotificationID = .unassigned,
        labels: (keep: String, turnOff: String) = ("Keep…", "Turn Off…"),
        serverPlaysSoundHints: Bool = false, category: CategoryRecord? = nil, openLabel: String = "Open",
        server: ServerInformation? = nil, noButtonsNote: String? = nil
    ) -> Plan {
        let profile = ServerProfile(information: server, capabilities: capabilities)
        var hints = NotificationHints()
        // The request's vendor hints first: every hint the agent sets below overrides them.
        for (key, value) in request.hints where !DeliveryRequest.reservedHints.contains(key) {
            hints.set(key, value.value)
        }
        hints.desktopEntry = desktopEntry
        let provisional = settings.authorization == .provisional
        let alertShown = settings.alert == .enabled && !provisional
        hints.urgency = urgency(for: request.interruptionLevel, settings: settings, alertShown: alertShown)
        if provisional, profile.showsActions, !profile.showsButtonsWhenQuiet {
            hints.urgency = .normal  // GNOME Shell: a quiet notification's buttons are never drawn
        }
        if provisional, !profile.showsQuietNotifications {
            hints.urgency = .normal  // Enlightenment: a low-urgency notification is never drawn
        }
        var body = request.subtitle.isEmpty ? request.body : request.subtitle + "\n" + request.body
        var summary = request.title
        if provisional, !profile.showsActions, let noButtonsNote {
            body = body.isEmpty ? noButtonsNote : body + "\n" + noButtonsNote
        }
        if profile.readsMarkup {
            body = escapeMarkup(body)
        }
        if summary.isEmpty && body.isEmpty { summary = appName }
        var actions: [NotificationAction] = []
        if provisional, profile.showsActions {
            actions = [
                NotificationAction(key: keepActionKey, label: labels.keep),
                NotificationAction(key: turnOffActionKey, label: labels.turnOff),
            ]
        } else if profile.showsActions, !provisional {
            if profile.hasDefaultAction {
                actions = [NotificationAction(key: NotificationAction.defaultKey, label: openLabel)]
            }
            // Apple shows a category's actions in order: where the server has room for only a
            // few buttons, the first ones are sent and the rest dropped (ServerProfile.maximumButtons).
            for action in (category?.actions ?? []).prefix(profile.maximumButtons ?? .max) {
                // One reply field per notification (KDE): a later text-input action stays a
                // button, whose click asks for the text as on servers without the field.
                if let textInput = action.textInput, profile.takesInlineReply,
                    !actions.contains(where: { $0.key == inlineReplyKey })
                {
                    actions.append(NotificationAction(key: inlineReplyKey, label: action.title))
                    hints.vendor["x-kde-reply-placeholder-text"] = DBusVariant(textInput.placeholder)
                    hints.vendor["x-kde-reply-submit-button-text"] = DBusVariant(textInput.buttonTitle)
                } else {
                    // The portal's version 2 reply purpose: a backend that knows it asks for the text.
                    actions.append(
                        NotificationAction(
                            key: action.identifier, label: action.title,
                            purpose: action.textInput == nil ? nil : NotificationPortal.replyPurpose))
                }
            }
        }
        if profile.keysActionsByTitle { actions = distinctTitles(actions) }
        if profile.wantsDefaultActionLast, let first = actions.first, first.key == NotificationAction.defaultKey {
            actions = Array(actions.dropFirst()) + [first]  // Budgie drops the action after it
        }
        if let imagePath = request.imagePath { hints.setImage(imagePath, for: profile) }
        let imageAsIcon = profile.drawsImagesOnlyAsAppIcon ? request.imagePath : nil  // awesome
        if let progress = request.progress { hints.vendor["value"] = DBusVariant(Int32(min(max(progress, 0), 100))) }
        let soundAllowed = settings.sound == .enabled && !provisional
        var soundToPlay: DeliveryRequest.Sound?
        if soundAllowed, let sound = request.sound, soundPermitted(sound, settings: settings) {
            switch sound {
            case .default: hints.soundName = "message-new-instant"
            case .named(let name), .critical(let name?, _):
                if name.hasPrefix("/") { hints.soundFile = name } else { hints.soundName = name }
            case .critical(nil, _): hints.soundName = "message-new-instant"
            }
            // GNOME Shell plays the sound only with a banner, and a low-urgency one gets none.
            if !serverPlaysSoundHints || (hints.urgency == .low && !profile.playsSoundWithoutBanner) {
                soundToPlay = sound
                hints.suppressSound = true
            }
        } else {
            hints.suppressSound = true
        }
        if !alertShown { hints.isTransient = settings.notificationCenter == .enabled ? nil : true }
        if request.isTransient { hints.isTransient = true }
        let badge = settings.badge == .enabled && !provisional ? request.badge : nil
        let notify = NotifyRequest(
            appName: appName, replacesID: replacing, appIcon: imageAsIcon ?? request.appIcon ?? "", summary: summary,
            body: body,
            actions: actions, hints: hints,
            expireTimeout: profile.expireTimeoutOnWire(
                request.expireTimeout.map(ExpireTimeout.init(rawValue:)) ?? .serverDefault))
        return Plan(notify: notify, badge: badge, soundToPlay: soundToPlay)
    }

    /// passive → low, active/timeSensitive → normal, critical → critical only when critical
    /// alerts are granted; anything not shown as a banner is low.
    package static func urgency(for level: DeliveryRequest.InterruptionLevel, settings: AppSettings, alertShown: Bool)
        -> Urgency
    {
        guard alertShown else { return .low }
        switch level {
        case .passive: return .low
        case .active, .timeSensitive: return .normal
        case .critical: return settings.criticalAlert == .enabled ? .critical : .normal
        }
    }

    private static func soundPermitted(_ sound: DeliveryRequest.Sound, settings: AppSettings) -> Bool {
        if case .critical = sound { return settings.criticalAlert == .enabled || settings.sound == .enabled }
        return true
    }

    /// `actions` with a later title that repeats an earlier one numbered ("Done (2)"), for a
    /// server that keys actions by title (``ServerProfile/keysActionsByTitle``).
    static func distinctTitles(_ actions: [NotificationAction]) -> [NotificationAction] {
        var used: Set<String> = []
        return actions.map { action in
            var label = action.label, number = 1
            while used.contains(label) {
                number += 1
                label = "\(action.label) (\(number))"
            }
            used.insert(label)
            return NotificationAction(key: action.key, label: label)
        }
    }

    /// Escapes `&`, `<` and `>` so user text shows as typed on servers that read markup.
    package static func escapeMarkup(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}

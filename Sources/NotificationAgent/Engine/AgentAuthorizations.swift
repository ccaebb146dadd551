import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient

/// The agent's authorization room: one `AuthorizationMachine` per app (loaded from
/// `settings.json` when first needed), the store that keeps their settings, the prompts'
/// wording, the numbering of `RequestAuthorization` calls, and the requests that are to fail.
///
/// A value kept and changed only by the `NotificationAgent` actor; the effects the machines
/// answer with (popups, saves, signals) are carried out in `NotificationAgent+Authorization.swift`.
struct AgentAuthorizations {
    /// `settings.json`.
    let store: SettingsStore
    /// The desktop's own per-app settings, when the running desktop has them: the fields it
    /// holds are read from it and written to it (``DesktopAppSettingsStore``).
    let desktop: (any DesktopAppSettingsStore)?
    /// What has been said on stderr about `desktop`: each failure once per app.
    let desktopNotes = DesktopStoreNotes()
    /// The writes of `settings.json`, in order, off the agent's actor: waiting for
    /// `settings.lock` delays only them.
    let writes = StoreWriteQueue()
    /// The wording of the prompts, in the user's language.
    let strings: PromptStrings
    /// The machine of each app the agent has dealt with since it started.
    private var machines: [String: AuthorizationMachine] = [:]
    /// The last `RequestID` given out.
    private var lastRequest: UInt64 = 0
    /// Requests whose prompt could not be shown, or was on a server connection that went away
    /// before it was answered, with the reason their callers are given.
    private var lostRequests: [RequestID: String] = [:]
    /// How many writes of each app's settings are under way.
    private var unsaved: [String: Int] = [:]

    init(store: SettingsStore, strings: PromptStrings, desktop: (any DesktopAppSettingsStore)? = nil) {
        self.store = store
        self.strings = strings
        self.desktop = desktop
    }

    /// The popup for `kind`: localized, with its action keys, and not expiring on its own.
    func popup(_ kind: PopupKind, app: String) -> NotifyRequest {
        let entry = AppDesktopEntry.find(app: app)
        let name = AppDisplayName.name(for: app, entry: entry)
        let (title, body, labels): (String, String, [String]) =
            switch kind {
            case .permission:
                (
                    strings.text("prompt.title", name),
                    strings.text("prompt.body", name, strings.text(desktop?.placeKey ?? "place.unotify", app)),
                    [strings.text("prompt.allow"), strings.text("prompt.deny")]
                )
            case .keepFollowUp:
                (
                    strings.text("keep.title", name), strings.text("keep.body", name),
                    [strings.text("keep.prominent"), strings.text("keep.quiet")]
                )
            case .turnOffConfirmation:
                (
                    strings.text("turnOff.title", name), strings.text(desktop?.turnOffKey ?? "turnOff.body", name, app),
                    [strings.text("turnOff.confirm"), strings.text("turnOff.cancel")]
                )
            }
        var hints = NotificationHints()
        hints.urgency = .critical
        hints.isResident = true
        hints.desktopEntry = entry?.id
        hints.set(DeliveryRequest.appIDHint, .string(app))
        let actions = zip(kind.actionKeys, labels).map { NotificationAction(key: $0.0, label: $0.1) }
        return NotifyRequest(
            appName: name, appIcon: entry?.icon ?? "", summary: title, body: body, actions: actions, hints: hints,
            expireTimeout: .never)
    }

    /// The app's machine, read from the store the first time, and again whenever the app's
    /// settings on disk are no longer those the machine holds: someone else changed
    /// `settings.json` (a person with an editor, a script, another agent), and what is on disk
    /// counts. A machine that waits on a popup is kept (the user's answer to it is saved over
    /// the edit), as is one whose write is under way.
    mutating func machine(for app: String) throws -> AuthorizationMachine {
        if let machine = machines[app] {
            guard unsaved[app] == nil, machine.popup == nil else { return machine }
            let onDisk = try settings(for: app)
            if onDisk == machine.settings { return machine }
            let reread = AuthorizationMachine(settings: onDisk)
            machines[app] = reread
            return reread
        }
        let machine = AuthorizationMachine(settings: try settings(for: app))
        machines[app] = machine
        return machine
    }

    /// The app's settings as on disk, without keeping a machine for it (asking about any number
    /// of apps costs no memory). Once a write has ended, the disk holds what the app's machine
    /// holds, unless someone else changed the file: then the file counts. While a write is
    /// under way, the disk holds what was decided before it: nothing is decided that is not on
    /// disk. The store answers from memory while the file is unchanged (one `stat`).
    ///
    /// The fields the desktop holds (``DesktopAppSettingsStore``) are read from the desktop; when
    /// it cannot be read, the agent's own store answers, made quieter where the desktop's store
    /// may have silenced the app (the error goes to stderr, once per app and error).
    func settings(for app: String) throws -> AppSettings {
        let own = try store.settings(for: app)
        guard let desktop else { return own }
        do {
            let merged = try desktop.applying(to: own, app: app)
            guard own.authorization == .denied, merged.authorization != .denied else { return merged }
            // A switch the desktop keeps for several apps (GNOME's `org.probe.Tea` and
            // `org.probe.TEA` are both `org-probe-tea`) may deny, never authorize a denied app:
            // it may have been switched on for the other one.
            return try sharesDesktopSettings(app, desktop) ? own : merged
        } catch {
            let fallback = desktop.settingsWhenUnreadable(own, app: app)
            desktopNotes.sayOnce(
                "unotifyd: \(desktop.place) could not be read for \(app), so unotify's own settings count"
                    + (fallback == own ? "" : ", without popups until it can be read") + ": \(error)",
                app: app)
            return fallback
        }
    }

    /// Whether another app of the agent's store has the desktop's name for `app`'s settings.
    private func sharesDesktopSettings(_ app: String, _ desktop: any DesktopAppSettingsStore) throws -> Bool {
        guard let key = desktop.settingsKey(for: app) else { return false }
        return try store.allApps().keys.contains { $0 != app && desktop.settingsKey(for: $0) == key }
    }

    /// A write of the app's settings begins (`persist(_:app:)`): until it ends, `settings(for:)`
    /// answers with those on disk.
    mutating func beginWrite(app: String) {
        unsaved[app, default: 0] += 1
    }

    /// A write of the app's settings has ended, saved or not.
    mutating func endWrite(app: String) {
        let left = (unsaved[app] ?? 1) - 1
        unsaved[app] = left > 0 ? left : nil
    }

    /// Feeds `event` to the app's machine; returns the effects to carry out.
    mutating func handle(_ event: AuthorizationEvent, app: String) throws -> [AuthorizationEffect] {
        var machine = try machine(for: app)
        let effects = machine.handle(event)
        machines[app] = machine
        return effects
    }

    /// Stores `settings` as the app's, after the writes started before, in the agent's store and
    /// the desktop's; returns once on disk. When the desktop's cannot be written, the agent's is
    /// taken back and the error thrown: nothing is decided that is not saved in both.
    func persist(_ settings: AppSettings, app: String) async throws {
        let store = store
        let desktop = desktop
        try await writes.run {
            let before = try store.allApps()[app]
            try store.update(app) { $0 = settings }
            do {
                try desktop?.write(settings, app: app)
            } catch {
                // Nothing is decided that is not saved in both: the own store is taken back.
                // try?: the save error is thrown next; this only undoes the half that was saved
                if let before { try? store.update(app) { $0 = before } } else { try? store.reset(app) }
                throw error
            }
        }
    }

    /// Drops the app's machine, so that the next use starts again from what is on disk.
    mutating func forget(app: String) {
        machines[app] = nil
    }

    /// The requests waiting on the app's permission prompt; none for an app without a machine.
    func waitingRequests(app: String) -> [RequestID] {
        machines[app]?.waitingRequests ?? []
    }

    /// A new id for a `RequestAuthorization` call.
    mutating func newRequest() -> RequestID {
        lastRequest += 1
        return RequestID(lastRequest)
    }

    /// Marks `requests` to fail with `reason` when the machine answers them.
    mutating func lose(_ requests: [RequestID], _ reason: String) {
        for request in requests { lostRequests[request] = reason }
    }

    /// Why `request` failed, if it was lost; forgets it.
    mutating func takeLostReason(_ request: RequestID) -> String? {
        lostRequests.removeValue(forKey: request)
    }
}

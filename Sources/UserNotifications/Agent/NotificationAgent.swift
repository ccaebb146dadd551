import DBus
import FreedesktopNotifications
import Foundation

/// The engine that `unotifyd` hosts: the one connection to the notification server, the
/// settings store, one authorization machine per app, and the ids of every popup and
/// notification the agent created.
///
/// State changes only through (1) a click reported by the current owner of the notification
/// server's name on a notification this agent created (`NotificationsClient.ownedEvents()` drops
/// everyone else's signals; the id map drops foreign ids and ids of server connections that
/// have gone), (2) `SetSettings`, (3) `ResetSettings`.
///
/// Every server id the agent holds is bound to the server connection that issued it
/// (`OwnedNotificationID`). When the server's name changes owner, what the old server showed is
/// forgotten: its notifications are no longer delivered, and each open popup ends as closed,
/// its waiting `RequestAuthorization` calls failing with a `server` error that says to ask again.
package actor NotificationAgent {
    package nonisolated let connection: DBusConnection
    private let server: NotificationsClient
    private let store: SettingsStore
    private let strings: PromptStrings
    private var machines: [String: AuthorizationMachine] = [:]
    /// What the agent has on screen, by owned server id. Server events for ids not (yet) known
    /// are held there: a click can overtake the `Notify` reply that tells the agent the id.
    private var shown = ServerNotificationRegistry()
    private var nextRequest: UInt64 = 0
    /// Requests whose prompt could not be shown, or was on a server connection that went away
    /// before it was answered, with the reason their callers are given.
    private var lostRequests: [RequestID: String] = [:]
    /// The server name's owner as the agent last saw it change.
    private var serverOwner: String?
    private var ownerTask: Task<Void, Never>?
    /// Follows the changes of time a timer cannot see (wall clock set, zone, resume).
    private var timeChangeTask: Task<Void, Never>?
    private let timeChanges: @Sendable () async throws -> AsyncStream<TimeChange>
    /// Notifications taken out of the schedule and not yet handed to the server; saved with the
    /// schedule (`PendingFile.firing`), so a crash before the server has them loses nothing.
    /// Those that failed because no server ran are tried again when one appears.
    private var firing: [PendingKey: PendingNotification] = [:]
    /// The keys of `firing` being handed to the server right now.
    private var handing: Set<PendingKey> = []
    /// What the server already has of `firing`, written the moment it answers.
    private let firedJournal: FiredJournal
    /// How many were handed to the server so far (to know whether a save saw them all).
    private var handedCount = 0
    /// How long before a fire date the agent wakes to save the schedule without what is due, so
    /// that the save (two `fsync`s) is done when the moment comes; it still fires at the moment.
    private static let saveLead = 0.02
    private var eventTask: Task<Void, Never>?
    private let categories: CategoryStore
    private let pendingStore: PendingStore
    private let pendingSaver: PendingSaver
    private let attachments: AttachmentKeeper
    private var schedule = ScheduleQueue(calendarTimeZone: .current)
    private var timer: Task<Void, Never>?
    private var router = ResponseRouter()
    /// The unique bus name of each running app's presenter (its center has a delegate).
    private var presenters: [String: String] = [:]
    /// Plays the sounds the server does not play.
    private let soundPlayer: SoundPlayer
    /// The server's `GetServerInformation`, by the owner it came from (nil until asked).
    private var cachedServerInformation: (owner: String?, information: ServerInformation?)?

    package init(connection: DBusConnection, store: SettingsStore, serverName: BusName = NotificationsService.busName,
                 strings: PromptStrings = .current(), soundPlayer: SoundPlayer = SoundPlayer(),
                timeChanges: @escaping @Sendable () async throws -> AsyncStream<TimeChange> = { try await TimeChangeBroadcast.system.subscribe() }) {
        self.connection = connection
        self.soundPlayer = soundPlayer
        self.timeChanges = timeChanges
        server = NotificationsClient(connection: connection, serverName: serverName)
        self.store = store
        self.strings = strings
        categories = CategoryStore(directory: store.directory)
        pendingStore = PendingStore(directory: store.directory)
        pendingSaver = PendingSaver(store: pendingStore)
        firedJournal = FiredJournal(directory: store.directory)
        attachments = AttachmentKeeper(stateDirectory: store.directory)
    }

    /// Exports the agent's object, follows the server's events, then takes the agent's name.
    ///
    /// - Returns: `false` when another agent already owns the name (this one should exit).
    package func start() async throws -> Bool {
        await connection.export(path: AgentInterface.path) { [weak self] message in
            guard let self else { throw DBusError(.remote, "the agent is stopping", name: AgentInterface.serverError) }
            return try await self.handle(message)
        }
        let owners = try await server.ownerChanges()
        ownerTask = Task { [weak self] in
            do {
                for try await owner in owners { await self?.serverOwnerChanged(to: owner) }
            } catch {}
        }
        let events = try await server.ownedEvents()
        eventTask = Task { [weak self] in
            do {
                for try await event in events { await self?.handle(event) }
            } catch {}
        }
        // Loaded before the name is taken, so the first call already sees it; only the agent
        // that owns the name fires anything. One missed while no agent ran fires once, now, and
        // so does one that was being fired when the last agent stopped.
        let saved = try pendingStore.loadAll()
        schedule = ScheduleQueue(saved.pending, calendarTimeZone: .current)
        let reply = try await connection.requestName(AgentInterface.busName)
        guard reply == .primaryOwner || reply == .alreadyOwner else { return false }
        let now = Date()
        let fired = firedJournal.load()
        for pending in saved.firing where !FiredJournal.contains(fired, pending) {
            // Taken out just ahead of its moment: it waits in the schedule until then.
            if pending.fireDate > now { _ = schedule.add(pending) } else { firing[pending.key] = pending }
        }
        for pending in schedule.catchUp(now: now) { firing[pending.key] = pending }
        if !saved.firing.isEmpty || !firing.isEmpty {
            try await savePending()  // also clears the journal, which this save makes redundant
            await fireInFlight()
        }
        armTimer()
        do {
            let changes = try await timeChanges()
            timeChangeTask = Task { [weak self] in
                for await change in changes { await self?.timeChanged(change) }
            }
        } catch {
            FileHandle.standardError.write(Data("unotifyd: time changes are not followed: \(error)\n".utf8))
        }
        return true
    }

    /// Stops following events and releases the name.
    package func stop() async {
        eventTask?.cancel()
        ownerTask?.cancel()
        timeChangeTask?.cancel()
        timer?.cancel()
        try? await connection.releaseName(AgentInterface.busName)
    }

    // MARK: - Method calls

    private func handle(_ message: DBusMessage) async throws -> [DBusValue] {
        do {
            return try await dispatch(message)
        } catch let error as AgentError {
            throw error.dbusError
        } catch let error as SettingsStoreError {
            throw AgentError(.settings, error.description).dbusError
        } catch let error as NotificationServerError {
            throw AgentError(.server, error.message).dbusError
        }
    }

    /// Refuses a call to another interface, to a method the agent does not have, or with
    /// arguments of any other signature than the method's (`AgentInterface.methodSignatures`).
    private static func checkCall(_ message: DBusMessage) throws {
        let member = message.member?.rawValue ?? ""
        if let interface = message.interface, interface != AgentInterface.interface {
            throw DBusError(.remote, "\(AgentInterface.path) has no interface \(interface); its methods are on "
                + "\(AgentInterface.interface)", name: "org.freedesktop.DBus.Error.UnknownInterface")
        }
        guard let expected = AgentInterface.methodSignatures[member] else {
            throw DBusError(.remote, "\(AgentInterface.interface) has no method \(AgentError.quote(member))",
                            name: "org.freedesktop.DBus.Error.UnknownMethod")
        }
        let given = message.bodySignature
        guard given == expected else {
            throw DBusError(.remote, "\(member) takes arguments of signature (\(expected)), not (\(AgentError.quote(given)))",
                            name: "org.freedesktop.DBus.Error.InvalidArgs")
        }
    }

    private func dispatch(_ message: DBusMessage) async throws -> [DBusValue] {
        try Self.checkCall(message)
        let body = message.body
        func app() throws -> String {
            guard case .string(let id)? = body.first else {
                throw AgentError(.invalidArgument, "the first argument must be the app identifier (a string)")
            }
            if let problem = AppIdentifier.problem(with: id) {
                throw AgentError(.invalidArgument, "invalid app identifier \(AgentError.quote(id)): \(problem)")
            }
            return id
        }
        switch message.member?.rawValue {
        case "RequestAuthorization":
            guard body.count == 2, case .uint64(let bits) = body[1] else {
                throw AgentError(.invalidArgument, "RequestAuthorization takes (s app, t options)")
            }
            return try await requestAuthorization(app(), AuthorizationOptionBits(rawValue: UInt(bits)))
        case "GetSettings":
            // Read, not kept: asking about any number of apps costs no memory.
            let id = try app()
            return [try (machines[id]?.settings ?? store.settings(for: id)).wire.dbusValue]
        case "SetSettings":
            guard body.count == 2, let changes = try? [String: DBusVariant](dbusValue: body[1]) else {
                throw AgentError(.invalidArgument, "SetSettings takes (s app, a{sv} changes)")
            }
            let id = try app()
            let current = try machine(for: id).settings
            let updated = try current.applying(changes)
            try await apply(.settingsChanged(updated), app: id)
            return [try machine(for: id).settings.wire.dbusValue]
        case "ResetSettings":
            try await apply(.reset, app: app())
            return []
        case "ListApps":
            var result: [String: [String: DBusVariant]] = [:]
            for (id, settings) in try store.allApps() { result[id] = settings.wire }
            return [result.dbusValue]
        case "SetCategories":
            guard body.count == 2, case .string(let json) = body[1] else {
                throw AgentError(.invalidArgument, "SetCategories takes (s app, s categoriesJSON)")
            }
            let id = try app()
            try categories.set(try CategoryRecord.list(json: json), for: id)
            return []
        case "GetCategories":
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let json = try encoder.encode(try categories.categories(for: app()))
            return [.string(String(decoding: json, as: UTF8.self))]
        case "RegisterPresenter":
            let id = try app()
            guard let sender = message.sender else { throw AgentError(.invalidArgument, "RegisterPresenter needs a sender") }
            presenters[id] = sender
            watchListener(sender)
            return []
        case "Listen":
            let id = try app()
            guard let sender = message.sender else { throw AgentError(.invalidArgument, "Listen needs a sender") }
            let queued = router.addListener(sender, app: id)
            watchListener(sender)
            return [.array(element: .dictionary(key: .string, value: .variant), queued.map { $0.wire.dbusValue })]
        case "Reply":
            guard body.count == 2, case .string(let token) = body[0], case .string(let text) = body[1] else {
                throw AgentError(.invalidArgument, "Reply takes (s token, s text)")
            }
            guard let pending = shown.takePendingReply(token), let notification = shown.delivered[pending.notification]
            else {
                throw AgentError(.invalidArgument,
                                 "no reply is waiting under \(AgentError.quote(token)) (it was answered or has expired)")
            }
            try await respond(to: pending.notification, notification, action: pending.action, text: text)
            return []
        case "ListDelivered":
            let id = try app()
            return [.array(element: .structure([.uint32, .double, .dictionary(key: .string, value: .variant)]),
                           shown.delivered(app: id).map {
                               .structure([.uint32($0.id.id.rawValue), .double($0.notification.date.timeIntervalSince1970),
                                           $0.notification.request.wire.dbusValue])
                           })]
        case "RemoveDelivered":
            guard body.count == 2, let identifiers = try? [String](dbusValue: body[1]) else {
                throw AgentError(.invalidArgument, "RemoveDelivered takes (s app, as identifiers); an empty list removes all")
            }
            let id = try app()
            let doomed = shown.delivered(app: id).filter {
                identifiers.isEmpty || identifiers.contains($0.notification.request.identifier)
            }
            for (serverID, notification) in doomed {
                _ = shown.removeDelivered(serverID)
                attachments.release(notification.request.imagePath)
                await takeDown(serverID, showing: notification.shown)
            }
            return [.uint32(UInt32(doomed.count))]
        case "Add":
            guard body.count == 2, let wire = try? [String: DBusVariant](dbusValue: body[1]) else {
                throw AgentError(.invalidArgument, "Add takes (s app, a{sv} request)")
            }
            let request: DeliveryRequest
            let trigger: TriggerRecord?
            do {
                request = try DeliveryRequest(wire: wire)
                trigger = try wire["trigger"].map { try TriggerRecord(wire: try [String: DBusVariant](dbusValue: $0.value)) }
            } catch let error as DBusError {
                throw AgentError(.invalidArgument, error.message)
            }
            let id = try app()
            var kept = request
            if let image = request.imagePath { kept.imagePath = try await attachments.keepInBackground(image) }
            guard let trigger else { return [.uint32(try await add(kept, app: id).rawValue)] }
            try await schedule(kept, app: id, trigger: trigger)
            return [.uint32(0)]
        case "SetBadge":
            guard body.count == 2, case .int64(let count) = body[1] else {
                throw AgentError(.invalidArgument, "SetBadge takes (s app, x count)")
            }
            let id = try app()
            guard count >= 0 else { throw AgentError(.invalidArgument, "a badge count cannot be negative (\(count))") }
            return [.boolean(try await showBadge(Int(count), app: id))]
        case "Push":
            guard body.count == 2, case .string(let given) = body[0], case .string(let json) = body[1] else {
                throw AgentError(.invalidArgument, "Push takes (s app, s payloadJSON)")
            }
            let payload = try APNsPayload(json: Data(json.utf8))
            let target = given.isEmpty ? payload.targetBundle ?? "" : given
            guard !target.isEmpty else {
                throw AgentError(.invalidArgument, "no app to push to: give --app ID, or a payload with a top-level "
                    + "\"Simulator Target Bundle\" string")
            }
            if let problem = AppIdentifier.problem(with: target) {
                throw AgentError(.invalidArgument, "invalid app identifier \(AgentError.quote(target)): \(problem)")
            }
            let request = payload.deliveryRequest(identifier: APNsPayload.generatedIdentifier(),
                                                  strings: AppStringsTable.load(app: target))
            return [.string(target), .uint32(try await add(request, app: target).rawValue)]
        case "ListPending":
            let id = try app()
            return [.array(element: .structure([.dictionary(key: .string, value: .variant),
                                                .dictionary(key: .string, value: .variant), .double]),
                           // Those due and waiting for a server to take them are pending too.
                           (firing.values.filter { $0.app == id }.sorted { $0.nextFireDate < $1.nextFireDate }
                               + schedule.pending(app: id)).map {
                               .structure([$0.request.wire.dbusValue, $0.trigger.record.wire.dbusValue, .double($0.nextFireDate)])
                           })]
        case "RemovePending":
            guard body.count == 2, let identifiers = try? [String](dbusValue: body[1]) else {
                throw AgentError(.invalidArgument, "RemovePending takes (s app, as identifiers); an empty list removes all")
            }
            let id = try app()
            var removed = identifiers.isEmpty
                ? schedule.removeAll(app: id).count
                : identifiers.compactMap { schedule.remove(app: id, identifier: $0) }.count
            // Those waiting for a server to fire them are pending too, as far as the app knows.
            for key in firing.keys where key.app == id && (identifiers.isEmpty || identifiers.contains(key.identifier))
                && !handing.contains(key)
            {
                firing[key] = nil
                removed += 1
            }
            try await savePending()
            armTimer()
            return [.uint32(UInt32(removed))]
        default:
            throw DBusError(.remote, "no method \(message.member?.rawValue ?? "?")",
                            name: "org.freedesktop.DBus.Error.UnknownMethod")
        }
    }

    // MARK: - Authorization

    private func requestAuthorization(_ app: String, _ options: AuthorizationOptionBits) async throws -> [DBusValue] {
        try await refusePromptWithoutButtons(app: app, options: options)
        nextRequest += 1
        let request = RequestID(nextRequest)
        let answer = try await apply(.request(request, options: options), app: app, waitingFor: request)
        if let reason = lostRequests.removeValue(forKey: request) { throw AgentError(.server, reason) }
        let status = try machine(for: app).settings.authorization
        guard let granted = answer else {
            return [.boolean(false), .boolean(false), .int32(Int32(status.rawValue))]
        }
        return [.boolean(true), .boolean(granted), .int32(Int32(status.rawValue))]
    }

    /// On a server without buttons (notify-osd) the prompt cannot be answered in a popup: show
    /// the user the command that answers it, leave the app undetermined, and tell the caller.
    private func refusePromptWithoutButtons(app: String, options: AuthorizationOptionBits) async throws {
        guard !options.contains(.provisional) else { return }
        let status = try machine(for: app).settings.authorization
        guard status == .notDetermined || status == .provisional else { return }
        let profile = try await serverProfile()
        guard !profile.showsActions else { return }
        let name = AppDisplayName.name(for: app)
        var hints = NotificationHints()
        hints.urgency = .critical
        _ = try? await server.notify(NotifyRequest(
            appName: name, summary: strings.text("prompt.title", name), body: strings.text("noButtons.prompt", app),
            hints: hints, expireTimeout: .never))
        throw AgentError(.cannotAsk, "the notification server (\(profile.information?.name ?? "unknown")) cannot show "
            + "buttons, so it cannot ask; the user was shown how to answer: unotify settings \(app) allow (or deny)")
    }

    /// Feeds one event to the app's machine and carries out its effects; returns the answer
    /// given to `waitingFor` if the effects answered it.
    @discardableResult
    private func apply(_ event: AuthorizationEvent, app: String, waitingFor: RequestID? = nil) async throws -> Bool? {
        var machine = try machine(for: app)
        var pending = machine.handle(event)
        machines[app] = machine
        var answer: Bool?
        var unsaved: (any Error)?
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            switch effect {
            case .persist(let settings):
                do {
                    try store.update(app) { $0 = settings }
                } catch {
                    // Nothing is decided that is not on disk: the waiting requests fail.
                    unsaved = error
                }
            case .completeRequests(let granted, let requests):
                if let unsaved {
                    loseRequests(requests, "the answer could not be saved, so nothing was decided: \(unsaved)")
                }
                if let waitingFor, requests.contains(waitingFor) { answer = granted }
                let others = requests.filter { $0 != waitingFor }
                if !others.isEmpty || waitingFor == nil {
                    let reasons = others.compactMap { lostRequests.removeValue(forKey: $0) }
                    if let reason = reasons.first {
                        try await emitFailure(app: app, reason: reason)
                    } else {
                        try await emitDecision(app: app, granted: granted)
                    }
                }
            case .closePopup(let popup):
                guard let id = shown.id(ofPopup: popup), let closing = shown.removePopup(id) else { break }
                await takeDown(id, showing: popupRequest(closing.kind, app: closing.app))
            case .showPrompt, .showKeepFollowUp, .showTurnOffConfirmation:
                let kind = Self.kind(of: effect)
                let followUp: AuthorizationEvent
                do {
                    let id = try await server.notify(popupRequest(kind, app: app), replacing: nil)
                    if shown.isRetired(id.owner) {
                        // Shown by a server that has gone meanwhile: nobody can answer it.
                        loseRequests(try self.machine(for: app).waitingRequests, Self.serverWentAway)
                        followUp = .popupFailed(kind)
                    } else {
                        let popup = shown.newPopupID()
                        shown.addPopup(ShownPopup(app: app, kind: kind, popup: popup), at: id)
                        followUp = .popupShown(popup, kind)
                        replayHeld(id)
                    }
                } catch {
                    loseRequests(try self.machine(for: app).waitingRequests,
                                 "the permission prompt could not be shown, so nothing was decided: \(error)")
                    followUp = .popupFailed(kind)
                }
                var current = try self.machine(for: app)
                pending += current.handle(followUp)
                machines[app] = current
            }
        }
        if let unsaved {
            // What is on disk is what counts: the app's machine starts again from it, so that
            // nothing is allowed in memory that was not saved.
            machines[app] = nil
            throw unsaved
        }
        return answer
    }

    private static let serverWentAway = "the notification server went away while the permission prompt was shown, so "
        + "nothing was decided; ask again (the prompt is shown on the server that runs then)"

    /// Marks requests to fail with `reason` when the machine answers them.
    private func loseRequests(_ requests: [RequestID], _ reason: String) {
        for request in requests { lostRequests[request] = reason }
    }

    /// Takes one of the agent's popups off the screen: `CloseNotification`, or, where the server
    /// leaves a closed popup drawn (`ServerProfile.removesClosedPopups`), a copy of `request`
    /// without buttons that replaces it and expires after 1 ms. Errors are harmless here (the
    /// popup is gone already).
    private func takeDown(_ id: OwnedNotificationID, showing request: NotifyRequest?) async {
        guard !shown.isRetired(id.owner) else { return }  // gone with its server
        if var expiring = request, let profile = try? await serverProfile(), !profile.removesClosedPopups {
            expiring.actions = []
            expiring.hints.isResident = nil
            expiring.expireTimeout = .milliseconds(1)
            _ = try? await server.replace(id, with: expiring)
            return
        }
        try? await server.closeNotification(id)
    }

    private static func kind(of effect: AuthorizationEffect) -> PopupKind {
        switch effect {
        case .showKeepFollowUp: .keepFollowUp
        case .showTurnOffConfirmation: .turnOffConfirmation
        default: .permission
        }
    }

    private func emitDecision(app: String, granted: Bool) async throws {
        let status = try machine(for: app).settings.authorization
        try await connection.send(.signal(
            path: AgentInterface.path, interface: AgentInterface.interface, member: "AuthorizationDecided",
            body: [.string(app), .boolean(granted), .int32(Int32(status.rawValue))]))
    }

    private func emitFailure(app: String, reason: String) async throws {
        try await connection.send(.signal(
            path: AgentInterface.path, interface: AgentInterface.interface, member: "AuthorizationFailed",
            body: [.string(app), .string(reason)]))
    }

    /// The popup for `kind`: localized, with its action keys, and not expiring on its own.
    private func popupRequest(_ kind: PopupKind, app: String) -> NotifyRequest {
        let name = AppDisplayName.name(for: app)
        let (title, body, labels): (String, String, [String]) =
            switch kind {
            case .permission:
                (strings.text("prompt.title", name), strings.text("prompt.body"),
                 [strings.text("prompt.allow"), strings.text("prompt.deny")])
            case .keepFollowUp:
                (strings.text("keep.title", name), strings.text("keep.body"),
                 [strings.text("keep.prominent"), strings.text("keep.quiet")])
            case .turnOffConfirmation:
                (strings.text("turnOff.title", name), strings.text("turnOff.body", app),
                 [strings.text("turnOff.confirm"), strings.text("turnOff.cancel")])
            }
        var hints = NotificationHints()
        hints.urgency = .critical
        hints.isResident = true
        hints.desktopEntry = AppDisplayName.desktopEntry(for: app)
        let actions = zip(kind.actionKeys, labels).map { NotificationAction(key: $0.0, label: $0.1) }
        return NotifyRequest(appName: name, summary: title, body: body, actions: actions, hints: hints,
                             expireTimeout: .never)
    }

    private func machine(for app: String) throws -> AuthorizationMachine {
        if let machine = machines[app] { return machine }
        let machine = AuthorizationMachine(settings: try store.settings(for: app))
        machines[app] = machine
        return machine
    }

    /// Publishes the app's badge when its badge setting allows it; returns whether it did.
    private func showBadge(_ count: Int, app: String) async throws -> Bool {
        guard try machine(for: app).settings.badge == .enabled else { return false }
        try await connection.send(LauncherBadge.update(app: app, count: count))
        return true
    }

    // MARK: - Scheduling

    /// Keeps `request` until its trigger fires; adding the same identifier again replaces it.
    private func schedule(_ request: DeliveryRequest, app: String, trigger: TriggerRecord) async throws {
        let settings = try machine(for: app).settings
        guard settings.authorization == .authorized || settings.authorization == .provisional else {
            throw AgentError(.notAllowed, "notifications from \(app) are not allowed (\(settings.authorization)); "
                + "the app must request authorization first, or the user can run `unotify settings \(app) allow`")
        }
        guard request.hasContent else {
            throw AgentError(.invalidArgument, "the notification has no content: give it a title, a body or a sound")
        }
        let pending: PendingNotification
        do {
            pending = try PendingNotification(app: app, request: request, trigger: ScheduledTrigger(trigger),
                                              addedAt: Date(), calendarTimeZone: .current)
        } catch {
            throw AgentError(.invalidArgument, "\(error)")
        }
        _ = schedule.add(pending)
        try await savePending()
        armTimer()
    }

    private func savePending() async throws {
        let handedBefore = handedCount
        do {
            try await pendingSaver.save(schedule.allPending, firing: Array(firing.values))
        } catch {
            throw AgentError(.settings, "\(error)")
        }
        // Saved without anything the journal names, and nothing handed over since: it may go.
        if firing.isEmpty, handing.isEmpty, handedCount == handedBefore { firedJournal.clear() }
    }

    /// Saves in the background; a failure goes to stderr (the next save tries again).
    private func savePendingSoon() {
        Task {
            do {
                try await savePending()
            } catch {
                FileHandle.standardError.write(Data("unotifyd: \(error)\n".utf8))
            }
        }
    }

    /// Sleeps until the earliest pending fire date (no wake-ups while nothing is pending). The
    /// wait is measured again from the wall clock at each wake, so a clock change or a
    /// suspend makes a notification late at worst, never early, and never lost.
    private func armTimer() {
        timer?.cancel()
        guard let delay = schedule.delayUntilNextDue(now: Date().addingTimeInterval(Self.saveLead)) else { return }
        timer = Task { [weak self] in
            do {
                try await Task.sleep(for: delay)
            } catch {
                return
            }
            // Fire in a task of its own: re-arming cancels `timer`, and that must not cancel
            // deliveries already under way.
            Task { await self?.fireDue() }
        }
    }

    /// Measures the wait again after a change of time: the wall clock set, the machine resumed
    /// from suspend, or a new time zone, which first moves the calendar matches that have no
    /// zone of their own (they follow the local zone, as on iOS).
    private func timeChanged(_ change: TimeChange) async {
        if case .moveCalendarMatches(let zone) = TimeChangeResponse.response(to: change, currentZone: schedule.calendarTimeZone) {
            schedule.timeZoneChanged(to: zone, now: Date())
            do {
                try await savePending()
            } catch {
                FileHandle.standardError.write(Data("unotifyd: \(error)\n".utf8))
            }
        }
        armTimer()
    }

    /// Moves what is due within `saveLead` from the schedule to `firing` and saves both, then
    /// fires each at its moment (never before). Saved ahead of the moment, so the save is not
    /// part of the lateness; saved as *firing*, so an agent killed before the server has it
    /// fires it when it starts again (at least once, never lost).
    private func fireDue() async {
        for pending in schedule.popDue(now: Date().addingTimeInterval(Self.saveLead)) { firing[pending.key] = pending }
        do {
            try await savePending()
        } catch {
            FileHandle.standardError.write(Data("unotifyd: \(error)\n".utf8))
        }
        await fireInFlight()
        armTimer()
    }

    /// Hands each notification in `firing` to the server at its moment, earliest first, and
    /// takes it out of `firing` once the server has it (or refused it for good). Those that find
    /// no server stay, and are tried again when one appears (`serverOwnerChanged(to:)`).
    private func fireInFlight() async {
        let ready = firing.values.filter { !handing.contains($0.key) }.sorted { $0.nextFireDate < $1.nextFireDate }
        var changed = false
        for pending in ready {
            // Bounded: a few waits of at most 2 × `saveLead`.
            for _ in 0..<3 where pending.fireDate.timeIntervalSinceNow > 0 {
                try? await Task.sleep(for: .seconds(min(pending.fireDate.timeIntervalSinceNow, 2 * Self.saveLead)))
            }
            // Another run may have fired it (or it was removed) while this one waited.
            guard firing[pending.key] == pending, !handing.contains(pending.key) else { continue }
            guard pending.fireDate.timeIntervalSinceNow <= 0 else {
                // The wall clock went back meanwhile: it waits in the schedule like any other.
                firing[pending.key] = nil
                _ = schedule.add(pending)
                changed = true
                continue
            }
            handing.insert(pending.key)
            let handed = await fire(pending)
            if handed {
                firedJournal.record(pending)
                handedCount += 1
            }
            handing.remove(pending.key)
            if handed, firing[pending.key] == pending {
                firing[pending.key] = nil
                changed = true
                savePendingSoon()
            }
        }
        if changed { try? await savePending() }
    }

    /// Delivers a pending notification now, with the app's settings as they are now; `false`
    /// when no server took it and it should be tried again when one appears.
    private func fire(_ pending: PendingNotification) async -> Bool {
        do {
            _ = try await add(pending.request, app: pending.app)
            return true
        } catch let error as NotificationServerError where error.code == .noServer || error.code == .disconnected {
            FileHandle.standardError.write(Data(
                "unotifyd: \(pending.app)/\(pending.identifier) waits for a notification server: \(error)\n".utf8))
            return false
        } catch {
            FileHandle.standardError.write(Data("unotifyd: \(pending.app)/\(pending.identifier) not delivered: \(error)\n".utf8))
            return true
        }
    }

    // MARK: - Delivery

    private func add(_ request: DeliveryRequest, app: String) async throws -> ServerNotificationID {
        try await deliver(request, app: app)?.id ?? .unassigned
    }

    /// Shows `request` for `app` if its settings (and its running delegate) let it; returns the
    /// owned id it is shown under, `nil` when the delegate chose not to present it.
    private func deliver(_ request: DeliveryRequest, app: String) async throws -> OwnedNotificationID? {
        let settings = try machine(for: app).settings
        guard settings.authorization == .authorized || settings.authorization == .provisional else {
            throw AgentError(.notAllowed, "notifications from \(app) are not allowed (\(settings.authorization)); "
                + "the app must request authorization first, or the user can run `unotify settings \(app) allow`")
        }
        guard request.hasContent else {
            throw AgentError(.invalidArgument, "the notification has no content: give it a title, a body or a sound")
        }
        let replacing = shown.delivered(app: app, identifier: request.identifier)
        if let replacing, let old = shown.removeDelivered(replacing) { attachments.release(old.request.imagePath) }
        let presentation = await askPresenter(app: app, request: request)
        if let presentation, presentation.isDisjoint(with: [.alert, .banner, .list, .sound, .badge]) {
            return nil  // the running app's delegate chose not to present it
        }
        let profile = try await serverProfile()
        let soundSupport = SoundHintSupport.forServer(profile.information)
        var plan = PresentationMapping.plan(
            request, settings: settings, capabilities: profile.capabilities,
            appName: AppDisplayName.name(for: app), desktopEntry: AppDisplayName.desktopEntry(for: app),
            replacing: .unassigned,
            labels: (strings.text("provisional.keep"), strings.text("provisional.turnOff")),
            serverPlaysSoundHints: soundSupport.serverPlaysSoundHints,
            category: try category(app: app, identifier: request.categoryIdentifier), openLabel: strings.text("action.open"),
            server: profile.information, noButtonsNote: strings.text("noButtons.provisional", app, app))
        if let presentation { PresentationMapping.apply(presentation, to: &plan) }
        if soundSupport == .playsSoundFile, let name = plan.notify.hints.soundName {
            // The server plays only `sound-file`: send the theme name resolved to its file.
            plan.notify.hints.soundFile = soundPlayer.resolve(name: name, app: app)
            plan.notify.hints.soundName = nil
        }
        // Replaced on the server connection that showed it, never on another.
        let id = try await server.notify(plan.notify, replacing: replacing)
        if let badge = plan.badge { _ = try? await showBadge(badge, app: app) }
        if let sound = plan.soundToPlay, await !silencedByDoNotDisturb(plan.notify, profile) {
            soundPlayer.play(sound, app: app)
        }
        guard !shown.isRetired(id.owner) else { return id }  // its server has gone meanwhile
        shown.addDelivered(DeliveredNotification(app: app, request: request, date: Date(), shown: plan.notify), at: id)
        replayHeld(id)
        return id
    }

    /// The running server's row of the table of server differences: its capabilities (which
    /// look the owner up first) and its information, each asked once per server owner.
    private func serverProfile() async throws -> ServerProfile {
        let capabilities = try await server.capabilities()
        return ServerProfile(information: await serverInformation(), capabilities: capabilities)
    }

    /// The server's `GetServerInformation`, asked once per server owner (as the `capabilities()`
    /// just before looked it up); nil when it fails.
    private func serverInformation() async -> ServerInformation? {
        let owner = await server.lastKnownOwner
        if let cachedServerInformation, cachedServerInformation.owner == owner { return cachedServerInformation.information }
        let information = try? await server.serverInformation()
        cachedServerInformation = (owner, information)
        return information
    }

    // MARK: - Responses

    private func category(app: String, identifier: String) throws -> CategoryRecord? {
        guard !identifier.isEmpty else { return nil }
        return try categories.categories(for: app).first { $0.identifier == identifier }
    }

    /// A click on a delivered notification: the default action, a category action, or a
    /// text-input action that needs the fallback (the server has no `inline-reply`).
    ///
    /// An answered notification leaves the screen, as on Apple's platforms: most servers close it
    /// on the click, lxqt-notificationd keeps it until it expires (measured, as for Keep…), so
    /// the agent closes it (an id the server closed already gets a harmless error). One waiting
    /// for its typed reply stays until the reply comes.
    private func actionChosen(_ key: String, on id: OwnedNotificationID, _ notification: DeliveredNotification) async {
        if key == NotificationAction.defaultKey {
            try? await respond(to: id, notification, action: ResponseRecord.defaultActionIdentifier)
            try? await server.closeNotification(id)
            return
        }
        let category = try? category(app: notification.app, identifier: notification.request.categoryIdentifier)
        guard let action = category?.actions.first(where: { $0.identifier == key }) else { return }
        if action.textInput != nil {
            await askForReplyText(on: id, notification, action: action)
        } else {
            try? await respond(to: id, notification, action: key)
            try? await server.closeNotification(id)
        }
    }

    /// The fallback for text input without `inline-reply`: a notification that tells the user
    /// the command that types the reply (`unotify reply TOKEN "text"`).
    private func askForReplyText(on id: OwnedNotificationID, _ notification: DeliveredNotification,
                                 action: CategoryRecord.Action) async {
        let token = String(UInt32.random(in: 100_000...999_999))
        shown.awaitReply(token, to: id, action: action.identifier)
        var hints = NotificationHints()
        hints.urgency = .critical
        let request = NotifyRequest(
            appName: AppDisplayName.name(for: notification.app),
            summary: strings.text("reply.title", notification.request.title),
            body: strings.text("reply.body", token), hints: hints, expireTimeout: .never)
        if let tokenID = try? await server.notify(request, replacing: nil) { shown.addReplyToken(token, shownAt: tokenID) }
    }

    /// The server's do-not-disturb is on and keeps this notification quiet: it is not critical
    /// (`ServerProfile.reportsDoNotDisturb`). A server that cannot say counts as not inhibited.
    private func silencedByDoNotDisturb(_ notify: NotifyRequest, _ profile: ServerProfile) async -> Bool {
        guard profile.reportsDoNotDisturb, notify.hints.urgency != .critical else { return false }
        return (try? await server.isInhibited()) ?? false
    }

    private func respond(to id: OwnedNotificationID, _ notification: DeliveredNotification, action: String,
                         text: String? = nil) async throws {
        let response = ResponseRecord(
            app: notification.app, request: notification.request, deliveredAt: notification.date.timeIntervalSince1970,
            actionIdentifier: action, userText: text, activationToken: shown.activationTokens[id])
        for listener in router.route(response) {
            var signal = DBusMessage.signal(
                path: AgentInterface.path, interface: AgentInterface.interface, member: "Response",
                body: [.string(notification.app), response.wire.dbusValue])
            signal.destination = try? BusName(validating: listener)
            _ = try? await connection.send(signal)
        }
    }

    /// Forgets a listener when its connection leaves the bus.
    private func watchListener(_ name: String) {
        guard let busName = try? BusName(validating: name) else { return }
        let connection = self.connection
        Task { [weak self] in
            guard let changes = try? await connection.nameOwnerChanges(of: busName) else { return }
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

    private func dropListener(_ name: String) {
        router.removeListener(name)
        presenters = presenters.filter { $0.value != name }
    }

    /// Asks the running app's delegate (`willPresent`) how to present; `nil` when the app has no
    /// presenter or does not answer within two seconds (then the settings alone decide).
    private func askPresenter(app: String, request: DeliveryRequest) async -> PresentationOptionBits? {
        guard let presenter = presenters[app], let destination = try? BusName(validating: presenter) else { return nil }
        let call = DBusMessage.methodCall(
            destination: destination, path: AgentInterface.appPath, interface: AgentInterface.appInterface,
            member: "WillPresent", body: [.string(app), request.wire.dbusValue])
        guard let reply = try? await connection.call(call, timeout: .seconds(2)), reply.body.count == 2,
            case .boolean(true) = reply.body[0], case .uint32(let bits) = reply.body[1]
        else { return nil }
        return PresentationOptionBits(rawValue: UInt(bits))
    }

    // MARK: - Server events

    /// `apply` for events nobody waits on: a failure (the store cannot be written) goes to stderr.
    private func applyReporting(_ event: AuthorizationEvent, app: String) async {
        do {
            try await apply(event, app: app)
        } catch {
            FileHandle.standardError.write(Data("unotifyd: \(app): \(error)\n".utf8))
        }
    }

    /// Handles, after the current step, the events that came for `id` before it was known.
    private func replayHeld(_ id: OwnedNotificationID) {
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
    private func serverOwnerChanged(to newOwner: String?) async {
        defer { serverOwner = newOwner }
        if let old = serverOwner, old != newOwner {
            let lost = shown.forget(owner: old)
            for notification in lost.delivered { attachments.release(notification.request.imagePath) }
            for popup in lost.popups {
                if popup.kind == .permission, let machine = machines[popup.app] {
                    loseRequests(machine.waitingRequests, Self.serverWentAway)
                }
                await applyReporting(.closed(popup.popup), app: popup.app)
            }
        }
        if newOwner != nil, !firing.isEmpty { await fireInFlight() }
    }

    private func handle(_ owned: OwnedServerEvent) async {
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
                    // The choice replaces the quiet notification. Most servers remove it on the
                    // click; lxqt-notificationd keeps it until its own timeout (the client must
                    // close it), so it is closed first. An id the server already closed gets an
                    // error, which is harmless.
                    try? await server.closeNotification(id)
                    let clicked = shown.newPopupID()
                    let event: AuthorizationEvent = key == AuthorizationActionKey.keep
                        ? .keepClicked(onNotification: clicked) : .turnOffClicked(onNotification: clicked)
                    await applyReporting(event, app: notification.app)
                default:
                    await actionChosen(key, on: id, notification)
                }
            }
        case .closed(_, let reason):
            if let popup = shown.removePopup(id) {
                await applyReporting(.closed(popup.popup), app: popup.app)
            }
            if let notification = shown.removeDelivered(id) {
                attachments.release(notification.request.imagePath)
                if reason == .dismissed,
                    (try? category(app: notification.app, identifier: notification.request.categoryIdentifier))?
                        .reportsDismissal == true
                {
                    try? await respond(to: id, notification, action: ResponseRecord.dismissActionIdentifier)
                }
            }
        case .activationToken(_, let token):
            shown.setActivationToken(token, for: id)
        case .replied(_, let text):
            guard let notification = shown.delivered[id] else { return }
            let category = try? category(app: notification.app, identifier: notification.request.categoryIdentifier)
            let action = category?.actions.first { $0.textInput != nil }?.identifier ?? PresentationMapping.inlineReplyKey
            try? await respond(to: id, notification, action: action, text: text)
        }
    }
}

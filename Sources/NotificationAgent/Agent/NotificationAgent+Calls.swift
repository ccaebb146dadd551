import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import UserNotifications

/// The agent's D-Bus methods: each call, already checked against `AgentInterface.description`, carried out.
extension NotificationAgent {
    func handle(_ message: DBusMessage) async throws -> [DBusValue] {
        do {
            return try await dispatch(message)
        } catch let error as AgentError {
            throw error.dbusError
        } catch let error as StoreError {
            throw AgentError(.settings, error.description).dbusError
        } catch let error as NotificationServerError {
            throw AgentError(.server, error.message).dbusError
        }
    }

    /// Carries out one call, which the connection's router has already checked against
    /// `AgentInterface.description` (the method exists, the arguments have its signature).
    func dispatch(_ message: DBusMessage) async throws -> [DBusValue] {
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
        switch AgentMethod(rawValue: message.member?.rawValue ?? "") {
        case .requestAuthorization?:
            guard body.count == 2, case .uint64(let bits) = body[1] else {
                throw AgentError(.invalidArgument, "RequestAuthorization takes (s app, t options)")
            }
            return try await requestAuthorization(app(), AuthorizationOptionBits(rawValue: UInt(bits)))
        case .getSettings?:
            // Read, not kept: asking about any number of apps costs no memory.
            let id = try app()
            return [try authorizations.settings(for: id).wire.dbusValue]
        case .setSettings?:
            guard body.count == 2, let changes = try? [String: DBusVariant](dbusValue: body[1]) else {
                throw AgentError(.invalidArgument, "SetSettings takes (s app, a{sv} changes)")
            }
            let id = try app()
            let current = try machine(for: id).settings
            let updated = try current.applying(changes)
            try await apply(.settingsChanged(updated), app: id)
            return [try machine(for: id).settings.wire.dbusValue]
        case .resetSettings?:
            try await apply(.reset, app: app())
            return []
        case .listApps?:
            var result: [String: [String: DBusVariant]] = [:]
            for (id, settings) in try authorizations.store.allApps() { result[id] = settings.wire }
            return [result.dbusValue]
        case .setCategories?:
            guard body.count == 2, case .string(let json) = body[1] else {
                throw AgentError(.invalidArgument, "SetCategories takes (s app, s categoriesJSON)")
            }
            let id = try app()
            try delivery.categories.set(try CategoryRecord.list(json: json), for: id)
            return []
        case .getCategories?:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let json = try encoder.encode(try delivery.categories.categories(for: app()))
            return [.string(String(decoding: json, as: UTF8.self))]
        case .registerPresenter?:
            let id = try app()
            guard let sender = message.sender else {
                throw AgentError(.invalidArgument, "RegisterPresenter needs a sender")
            }
            router.setPresenter(sender, app: id)
            watchListener(sender)
            return []
        case .listen?:
            let id = try app()
            guard let sender = message.sender else { throw AgentError(.invalidArgument, "Listen needs a sender") }
            let queued = router.addListener(sender, app: id)
            watchListener(sender)
            return [.array(element: .dictionary(key: .string, value: .variant), queued.map { $0.wire.dbusValue })]
        case .reply?:
            guard body.count == 2, case .string(let token) = body[0], case .string(let text) = body[1] else {
                throw AgentError(.invalidArgument, "Reply takes (s token, s text)")
            }
            guard let pending = shown.takePendingReply(token), let notification = shown.delivered[pending.notification]
            else {
                throw AgentError(
                    .invalidArgument,
                    "no reply is waiting under \(AgentError.quote(token)) (it was answered or has expired)")
            }
            try await respond(to: pending.notification, notification, action: pending.action, text: text)
            return []
        case .listDelivered?:
            let id = try app()
            return [
                .array(
                    element: .structure([.uint32, .double, .dictionary(key: .string, value: .variant)]),
                    shown.delivered(app: id).map {
                        .structure([
                            .uint32($0.id.id.rawValue), .double($0.notification.date.timeIntervalSince1970),
                            $0.notification.request.wire.dbusValue,
                        ])
                    })
            ]
        case .removeDelivered?:
            guard body.count == 2, let identifiers = try? [String](dbusValue: body[1]) else {
                throw AgentError(
                    .invalidArgument, "RemoveDelivered takes (s app, as identifiers); an empty list removes all")
            }
            let id = try app()
            let doomed = shown.delivered(app: id).filter {
                identifiers.isEmpty || identifiers.contains($0.notification.request.identifier)
            }
            for (serverID, notification) in doomed { await remove(serverID, notification) }
            return [.uint32(UInt32(doomed.count))]
        case .add?:
            guard body.count == 2, let wire = try? [String: DBusVariant](dbusValue: body[1]) else {
                throw AgentError(.invalidArgument, "Add takes (s app, a{sv} request)")
            }
            let request: DeliveryRequest
            let trigger: TriggerRecord?
            do {
                request = try DeliveryRequest(wire: wire)
                trigger = try wire["trigger"].map {
                    try TriggerRecord(wire: try [String: DBusVariant](dbusValue: $0.value))
                }
            } catch let error as DBusError {
                throw AgentError(.invalidArgument, error.message)
            }
            let id = try app()
            var kept = request
            if let image = request.imagePath { kept.imagePath = try await delivery.attachments.keepInBackground(image) }
            guard let trigger else { return [.uint32(try await add(kept, app: id).rawValue)] }
            try await schedule(kept, app: id, trigger: trigger)
            return [.uint32(0)]
        case .setBadge?:
            guard body.count == 2, case .int64(let count) = body[1] else {
                throw AgentError(.invalidArgument, "SetBadge takes (s app, x count)")
            }
            let id = try app()
            guard count >= 0 else { throw AgentError(.invalidArgument, "a badge count cannot be negative (\(count))") }
            return [.boolean(try await showBadge(Int(count), app: id))]
        case .push?:
            guard body.count == 2, case .string(let given) = body[0], case .string(let json) = body[1] else {
                throw AgentError(.invalidArgument, "Push takes (s app, s payloadJSON)")
            }
            let payload = try APNsPayload(json: Data(json.utf8))
            let target = given.isEmpty ? payload.targetBundle ?? "" : given
            guard !target.isEmpty else {
                throw AgentError(
                    .invalidArgument,
                    "no app to push to: give --app ID, or a payload with a top-level "
                        + "\"Simulator Target Bundle\" string")
            }
            if let problem = AppIdentifier.problem(with: target) {
                throw AgentError(.invalidArgument, "invalid app identifier \(AgentError.quote(target)): \(problem)")
            }
            let request = payload.deliveryRequest(
                identifier: APNsPayload.generatedIdentifier(),
                strings: AppStringsTable.load(app: target))
            return [.string(target), .uint32(try await add(request, app: target).rawValue)]
        case .listPending?:
            let id = try app()
            return [
                .array(
                    element: .structure([
                        .dictionary(key: .string, value: .variant),
                        .dictionary(key: .string, value: .variant), .double,
                    ]),
                    // Those due and waiting for a server to take them are pending too.
                    scheduler.pending(app: id).map {
                        .structure([
                            $0.request.wire.dbusValue, $0.trigger.record.wire.dbusValue, .double($0.nextFireDate),
                        ])
                    })
            ]
        case .removePending?:
            guard body.count == 2, let identifiers = try? [String](dbusValue: body[1]) else {
                throw AgentError(
                    .invalidArgument, "RemovePending takes (s app, as identifiers); an empty list removes all")
            }
            let id = try app()
            // Those waiting for a server to fire them are pending too, as far as the app knows.
            let removed = scheduler.remove(app: id, identifiers: identifiers)
            try await savePending()
            armTimer()
            return [.uint32(UInt32(removed))]
        case nil:
            throw DBusError(.unknownMethod, "no method \(message.member?.rawValue ?? "?")")
        }
    }
}

import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import UserNotificationsCore

/// The agent's D-Bus methods: each call, already checked against `AgentInterface.description`, carried out.
extension NotificationAgent {
    func handle(_ message: DBusMessage) async throws -> [DBusValue] {
        do {
            try await admit(message)
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
    /// `AgentInterface.description` (the method exists, the arguments have its signature):
    /// each method's arguments are read and its reply written by its `AgentCall`.
    func dispatch(_ message: DBusMessage) async throws -> [DBusValue] {
        switch AgentMethod(rawValue: message.member?.rawValue ?? "") {
        case .requestAuthorization?:
            return try await serve(AgentInterface.requestAuthorization, message) { app, options in
                try await requestAuthorization(checked(app), options)
            }
        case .getSettings?:
            return try await serve(AgentInterface.getSettings, message) { app in
                // Read, not kept: asking about any number of apps costs no memory.
                let id = try checked(app)
                return try authorizations.settings(for: id)
            }
        case .setSettings?:
            return try await serve(AgentInterface.setSettings, message) { app, changes in
                let id = try checked(app)
                let current = try machine(for: id).settings
                let updated = try current.applying(changes)
                try await apply(.settingsChanged(updated), app: id)
                return try machine(for: id).settings
            }
        case .resetSettings?:
            return try await serve(AgentInterface.resetSettings, message) { app in
                try await resetSettings(checked(app))
            }
        case .listApps?:
            return try await serve(AgentInterface.listApps, message) { _ in
                // With the fields the desktop holds, as GetSettings answers.
                var apps = try authorizations.store.allApps()
                if authorizations.desktop != nil {
                    for app in apps.keys { apps[app] = try authorizations.settings(for: app) }
                }
                return apps
            }
        case .setCategories?:
            return try await serve(AgentInterface.setCategories, message) { app, json in
                let id = try checked(app)
                try await delivery.categories.set(try CategoryRecord.list(json: json), for: id)
            }
        case .getDesktop?:
            return try await serve(AgentInterface.getDesktop, message) { _ in
                let record = await desktopRecord()
                return (record.doNotDisturb, record.doNotDisturbOrigin, record.settingsPlace)
            }
        case .getCategories?:
            return try await serve(AgentInterface.getCategories, message) { app in
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                let json = try encoder.encode(try delivery.categories.categories(for: checked(app)))
                return String(decoding: json, as: UTF8.self)
            }
        case .registerPresenter?:
            return try await serve(AgentInterface.registerPresenter, message) { app in
                let id = try checked(app)
                guard let sender = message.sender else {
                    throw AgentError(.invalidArgument, "RegisterPresenter needs a sender")
                }
                router.setPresenter(sender, app: id)
                watchListener(sender)
            }
        case .listen?:
            return try await serve(AgentInterface.listen, message) { app in
                let id = try checked(app)
                guard let sender = message.sender else { throw AgentError(.invalidArgument, "Listen needs a sender") }
                return try await listen(sender, app: id)
            }
        case .reply?:
            return try await serve(AgentInterface.reply, message) { number, text in
                try await typedReply(number: number, text: text)
            }
        case .listDelivered?:
            return try await serve(AgentInterface.listDelivered, message) { app in
                shown.delivered(app: try checked(app)).map {
                    DeliveredRecord(
                        serverID: $0.id.id, date: $0.notification.date.timeIntervalSince1970,
                        request: $0.notification.request)
                }
            }
        case .removeDelivered?:
            return try await serve(AgentInterface.removeDelivered, message) { app, identifiers in
                let id = try checked(app)
                let doomed = shown.delivered(app: id).filter {
                    identifiers.isEmpty || identifiers.contains($0.notification.request.identifier)
                }
                for (serverID, notification) in doomed { await remove(serverID, notification) }
                return UInt32(doomed.count)
            }
        case .add?:
            return try await serve(AgentInterface.add, message) { app, added in
                let id = try checked(app)
                var kept = added.request
                if let image = kept.imagePath {
                    kept.imagePath = try await delivery.attachments.keepInBackground(image)
                }
                guard let trigger = added.trigger else { return try await add(kept, app: id).rawValue }
                try await schedule(kept, app: id, trigger: trigger)
                return 0
            }
        case .relay?:
            return try await serve(AgentInterface.relay, message) { variants in
                let request = try NotifyRequest(arguments: variants.map(\.value))
                return try await server.notify(request).rawValue
            }
        case .setBadge?:
            return try await serve(AgentInterface.setBadge, message) { app, count in
                let id = try checked(app)
                guard count >= 0 else {
                    throw AgentError(.invalidArgument, "a badge count cannot be negative (\(count))")
                }
                return try await showBadge(Int(count), app: id)
            }
        case .push?:
            return try await serve(AgentInterface.push, message) { given, json in
                let payload = try APNsPayload(json: Data(json.utf8))
                let target = given.isEmpty ? payload.targetBundle ?? "" : given
                guard !target.isEmpty else {
                    throw AgentError(
                        .invalidArgument,
                        "no app to push to: give --app ID, or a payload with a top-level "
                            + "\"Simulator Target Bundle\" string")
                }
                let id = try checked(target)
                let request = payload.deliveryRequest(
                    identifier: APNsPayload.generatedIdentifier(), strings: AppStringsTable.load(app: id))
                return (id, try await add(request, app: id).rawValue)
            }
        case .registerPush?:
            return try await serve(AgentInterface.registerPush, message) { app in
                try await registerPush(app: checked(app))
            }
        case .registerPushWithServerKey?:
            return try await serve(AgentInterface.registerPushWithServerKey, message) { app, key in
                try await registerPush(app: checked(app), serverKey: VAPIDPublicKey.validated(key))
            }
        case .unregisterPush?:
            return try await serve(AgentInterface.unregisterPush, message) { app in
                try await unregisterPush(app: checked(app))
            }
        case .pushStatus?:
            return try await serve(AgentInterface.pushStatus, message) { await pushStatus() }
        case .pushServers?:
            return try await serve(AgentInterface.pushServers, message) { try pushServers() }
        case .listPending?:
            return try await serve(AgentInterface.listPending, message) { app in
                let id = try checked(app)
                // Those due and waiting for a server to take them are pending too.
                return try await listPending(app: id).map {
                    PendingRecord(request: $0.request, trigger: $0.trigger.record, nextFireDate: $0.nextFireDate)
                }
            }
        case .removePending?:
            return try await serve(AgentInterface.removePending, message) { app, identifiers in
                let id = try checked(app)
                // Those waiting for a server to fire them are pending too, as far as the app knows.
                return UInt32(try await removePending(app: id, identifiers: identifiers))
            }
        case .getVersion?:
            return try await serve(AgentInterface.getVersion, message) { UnotifyVersion.number }
        case nil:
            throw DBusError(.unknownMethod, "no method \(message.member?.rawValue ?? "?")")
        }
    }

    /// Answers `message` with `body`: its arguments read by `call` (a value out of bounds is an
    /// invalid-argument error, before `body` runs), its reply written by `call`. A case of
    /// `dispatch` that served another method's entry is refused, so every test of a method
    /// would show the mix-up.
    private func serve<Arguments, Reply>(
        _ call: AgentCall<Arguments, Reply>, _ message: DBusMessage, _ body: (Arguments) async throws -> Reply
    ) async throws -> [DBusValue] {
        guard message.member?.rawValue == call.method.rawValue else {
            throw DBusError(
                .unknownMethod, "\(message.member?.rawValue ?? "?") was dispatched to \(call.method.rawValue)")
        }
        let arguments: Arguments
        do {
            arguments = try call.arguments.decode(message.body)
        } catch let error as DBusError {
            throw AgentError(.invalidArgument, error.message)
        }
        return call.reply.encode(try await body(arguments))
    }

    /// `app`, when it is a valid app identifier.
    private func checked(_ app: String) throws -> String {
        if let problem = AppIdentifier.problem(with: app) {
            throw AgentError(.invalidArgument, "invalid app identifier \(AgentError.quote(app)): \(problem)")
        }
        return app
    }
}

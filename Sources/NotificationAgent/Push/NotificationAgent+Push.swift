import DBus
import Foundation
import NotificationAgentClient
import UserNotificationsCore

/// Remote notifications: the agent is every app's UnifiedPush connector. It registers each app
/// with the distributor on the bus, keeps its Web Push keys in `push.json`, and delivers each
/// message it decrypts through the same permission pipeline as a local notification.
extension NotificationAgent {
    /// Follows distributors appearing on the bus and registers the stored subscriptions again
    /// (the spec's "on every startup").
    func startPush() async {
        do {
            let changes = try await connection.nameOwnerChanges(inNamespace: UnifiedPush.distributorNamespace)
            push.watch = Task { [weak self] in
                do {
                    for try await change in changes where UnifiedPush.isDistributor(change.name) {
                        await self?.distributorChanged(change.name, present: change.newOwner != nil)
                    }
                } catch {}
            }
        } catch {
            logPush("distributors appearing later are not followed: \(error)")
        }
        // An unreadable push.json is registered again too: that logs why it cannot be.
        // try?: as the comment says: an unreadable file is registered again, which logs why it cannot be
        if !((try? subscriptions().apps.isEmpty) ?? false) {
            Task { [weak self] in await self?.registerAgain() }
        }
        // Messages a previous agent kept while push.json could not be read.
        Task { [weak self] in await self?.deliverWaiting() }
    }

    func stopPush() {
        push.watch?.cancel()
        push.watch = nil
        push.waitingWatch?.cancel()
        push.waitingWatch = nil
    }

    /// `RegisterPush`: the app's subscription JSON, registering it first when needed.
    /// `RegisterPushWithServerKey` gives `serverKey`, the app server's VAPID public key (already
    /// validated): a key other than the stored one registers again with it, and the endpoint
    /// the distributor then sends is the subscription's. Without one, the stored key stays.
    func registerPush(app: String, serverKey: String? = nil) async throws -> String {
        // The caller's call lasts 30 s (AgentClient): the endpoint is waited for until 25 s
        // after the call came, so the caller gets this error rather than a bus timeout. A
        // distributor may have to reach its push service first; a full run beside two busy loops
        // saw a fake distributor on the same machine take over 10 s.
        let deadline = ContinuousClock.now + .seconds(25)
        let choice = try await chooseDistributor()
        let existing = try subscriptions().apps[app]
        let keyChanges = serverKey != nil && serverKey != existing?.serverKey
        if let existing, existing.distributor == choice.name, !keyChanges, let json = existing.json,
            // try?: a distributor not on the bus (or not a name) means registering anew, below
            await (try? connection.nameOwner(of: BusName(validating: existing.distributor))) != nil
        {
            return json
        }
        var subscription = PushSubscription(distributor: choice.name)
        subscription.serverKey = existing?.serverKey
        if let existing, existing.distributor == choice.name {
            subscription = existing
        } else if let existing {
            // The user chose another distributor: the app moves, with new keys and a new token,
            // and the one it leaves is told (it may be gone: that is only logged).
            push.unregistering.insert(existing.token)
            do {
                try await client(existing.distributor).unregister(token: existing.token)
            } catch {
                logPush("\(existing.distributor) was not told that \(app) moved to \(choice.name): \(error)")
            }
        }
        if keyChanges {
            // The push service may tie the endpoint to the key: wait for the one sent now.
            subscription.serverKey = serverKey
            subscription.endpoint = nil
        }
        try saveSubscription(subscription, app: app)
        try await register(subscription, app: app, with: choice.name)
        push.distributor = choice.name
        // Looked for once more at the deadline: the Register calls may have taken until then.
        while true {
            if let json = push.document?.apps[app]?.json { return json }
            guard ContinuousClock.now < deadline else { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw AgentError(
            .pushUnavailable,
            "the UnifiedPush distributor \(choice.name) accepted \(app) but sent no endpoint within 25 s: "
                + "check that the distributor reaches its push server, then register again (the keys are kept)")
    }

    /// `UnregisterPush`: unregisters the app and forgets its keys; whether it was registered.
    func unregisterPush(app: String) async throws -> Bool {
        guard let subscription = try subscriptions().apps[app] else { return false }
        push.document?.apps[app] = nil
        try push.file.save(push.document ?? .empty)
        push.unregistering.insert(subscription.token)
        do {
            try await client(subscription.distributor).unregister(token: subscription.token)
        } catch {
            logPush("\(subscription.distributor) was not told that \(app) unregistered: \(error)")
        }
        return true
    }

    /// `PushStatus`: the distributor in use and the counts.
    func pushStatus() async -> (String, [String: UInt32]) {
        // try?: a status without the bus's names lists no distributor; the counts stay right
        let names = (try? await connection.listNames()) ?? []
        let choice = DistributorChoice.choose(
            among: names, variable: ProcessInfo.processInfo.environment[UnifiedPush.distributorVariable],
            stored: DistributorPreference.read())
        return (choice?.name ?? "", push.counts.byName)
    }

    /// `PushServers`: the origin of every registered app's endpoint, each once, sorted (origins
    /// only: an endpoint is a capability URL).
    ///
    /// - Throws: when `push.json` cannot be read.
    func pushServers() throws -> [String] {
        Set(try subscriptions().apps.values.compactMap { $0.endpoint.flatMap(WebPushEndpoint.origin) }).sorted()
    }

    /// One call of a distributor on the connector; the reply the spec asks for.
    func connectorCalled(_ message: DBusMessage) async throws -> [DBusValue] {
        let isVersion2 = message.interface != UnifiedPush.connector1
        let empty: [DBusValue] = isVersion2 ? [[String: DBusVariant]().dbusValue] : []
        guard let call = ConnectorCall(message) else {
            logPush("ignored a \(message.member?.rawValue ?? "?") call that does not follow the spec")
            return empty
        }
        switch call {
        case .message(let token, let body, let id):
            try await receive(body, token: token, id: id, from: message.sender)
            guard isVersion2, !id.isEmpty else { return empty }
            return [["id": DBusVariant(id)].dbusValue]
        case .newEndpoint(let token, let endpoint):
            guard let (app, subscription) = try knownSubscription(forToken: token, refusing: "NewEndpoint") else {
                logPush("ignored NewEndpoint for an unknown token")
                return empty
            }
            try await checkSender(message.sender, of: subscription, app: app, call: "NewEndpoint")
            if let problem = WebPushEndpoint.problem(endpoint) {
                logPush("refused \(app)'s new endpoint \(AgentError.quote(endpoint)): \(problem)")
                throw AgentError(.invalidArgument, "the endpoint is refused: \(problem)").dbusError
            }
            var changed = subscription
            changed.endpoint = endpoint
            do { try saveSubscription(changed, app: app) } catch { logPush("cannot save \(app)'s endpoint: \(error)") }
        case .unregistered(let token):
            if push.unregistering.remove(token) != nil { return empty }
            guard let (app, subscription) = try knownSubscription(forToken: token, refusing: "Unregistered") else {
                return empty
            }
            try await checkSender(message.sender, of: subscription, app: app, call: "Unregistered")
            logPush("\(subscription.distributor) unregistered \(app); registering it again with new keys")
            push.document?.apps[app] = nil
            do {
                try push.file.save(push.document ?? .empty)
            } catch {
                logPush("\(app)'s old subscription stays in push.json until the new one is saved: \(error)")
            }
            Task { [weak self] in
                do {
                    _ = try await self?.registerPush(app: app)
                } catch {
                    await self?.logPush("\(app) could not be registered again: \(error)")
                }
            }
        }
        return empty
    }

    /// A distributor appeared (registers every subscription again, as the spec asks at start)
    /// or left the bus.
    func distributorChanged(_ name: String, present: Bool) async {
        guard present else {
            if push.distributor == name { logPush("the distributor \(name) left the bus") }
            return
        }
        await registerAgain()
    }

    /// Registers every stored subscription again with the chosen distributor (same token), so it
    /// sends the current endpoint; one that cannot is logged.
    func registerAgain() async {
        let apps: [String: PushSubscription]
        do {
            apps = try subscriptions().apps
        } catch {
            return logPush("the subscriptions are not registered again: \(error)")
        }
        // try?: no distributor now: the subscriptions are registered when one appears (followed above)
        guard !apps.isEmpty, let choice = try? await chooseDistributor() else { return }
        push.distributor = choice.name
        for (app, var subscription) in apps.sorted(by: { $0.key < $1.key }) {
            subscription.distributor = choice.name
            do {
                try saveSubscription(subscription, app: app)
                try await register(subscription, app: app, with: choice.name)
            } catch {
                logPush("cannot register \(app) again with \(choice.name): \(error)")
            }
        }
    }

    /// Sends `Register` for the app's subscription, with its app server's key when it has one.
    private func register(_ subscription: PushSubscription, app: String, with distributor: String) async throws {
        let keyGiven = try await client(distributor).register(
            token: subscription.token, description: "unotify: \(app)", vapid: subscription.serverKey)
        if subscription.serverKey != nil, !keyGiven {
            logPush(
                "\(distributor) speaks only UnifiedPush's Distributor1, which has no VAPID: \(app) is registered "
                    + "without its app server's key, so its push service takes pushes signed or not")
        }
    }

    private func chooseDistributor() async throws -> DistributorChoice {
        let names = try await connection.listNames()
        guard
            let choice = DistributorChoice.choose(
                among: names, variable: ProcessInfo.processInfo.environment[UnifiedPush.distributorVariable],
                stored: DistributorPreference.read())
        else {
            throw AgentError(
                .pushUnavailable,
                "no UnifiedPush distributor is on the session bus (no name starts with "
                    + "\(UnifiedPush.distributorNamespace.rawValue).): install and start one, such as KDE's "
                    + "kunifiedpush or ntfy")
        }
        if let note = choice.note { logPush(note) }
        return choice
    }

    func client(_ name: String) throws -> DistributorClient {
        DistributorClient(
            connection: connection, name: try BusName(validating: name), service: AgentInterface.busName.rawValue)
    }

    /// The app and subscription of `token`, `push.json` read first when it has not been: the
    /// call that started the agent can come before anything else has read it. nil only when the
    /// file was read and holds no such token.
    ///
    /// - Throws: when `push.json` cannot be read (truncated, garbage, not a file): "I cannot read
    ///   my state" is never "this token is not mine", so the caller refuses `what` with this error,
    ///   which a distributor takes as "not delivered", and nothing irreversible is done.
    func subscription(forToken token: String, refusing what: String) throws -> (
        app: String, subscription: PushSubscription
    )? {
        do {
            _ = try subscriptions()
        } catch {
            push.counts.record(.stateUnreadable)
            logPush("\(what) was refused, the token kept: \(error)")
            throw error
        }
        return push.app(for: token)
    }

    /// ``subscription(forToken:refusing:)`` for a call that is only refused when `push.json` cannot
    /// be read: the distributor sends it again.
    private func knownSubscription(forToken token: String, refusing what: String) throws -> (
        app: String, subscription: PushSubscription
    )? {
        do {
            return try subscription(forToken: token, refusing: what)
        } catch {
            // A distributor may not send it again: the agent registers again once it can read.
            push.registerAgainWhenReadable = true
            watchForReadableSubscriptions()
            throw stateUnreadable(error, then: "the agent registers again once the file is repaired")
        }
    }

    /// The answer to a call refused because `push.json` cannot be read (`error`), ending with
    /// what became of the call (`then`).
    func stateUnreadable(_ error: any Error, then: String) -> DBusError {
        AgentError(
            .settings,
            "unotifyd cannot read its push subscriptions (\(push.file.url.path)): \(error); nothing was delivered "
                + "or forgotten; \(then)"
        ).dbusError
    }

    func subscriptions() throws -> PushSubscriptionsFile {
        if let document = push.document { return document }
        let document = try push.file.load()
        push.document = document
        return document
    }

    private func saveSubscription(_ subscription: PushSubscription, app: String) throws {
        var document = try subscriptions()
        document.apps[app] = subscription
        try push.file.save(document)
        push.document = document
    }
}

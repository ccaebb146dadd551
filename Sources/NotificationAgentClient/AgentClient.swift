import DBus
import FreedesktopNotifications

/// The library's and the CLI's connection to the agent, `unotifyd`, which it starts on demand.
package actor AgentClient {
    package nonisolated let connection: DBusConnection
    private let busAddress: String?
    /// How the agent is started again when a call finds nobody serving its name; `nil`: it is not.
    private let restart: (@Sendable () async throws -> Void)?
    /// The tasks that register this connection's presenters again with each new agent.
    private var presenterFollowers: [Task<Void, Never>] = []
    /// The task that starts the agent again when the app hosting it leaves (``followAppHost(on:restart:)``).
    private var hostFollower: Task<Void, Never>?

    /// Connects to the session bus (or `address`) and makes sure the agent runs; with
    /// `hostInProcess`, in this process when no `unotifyd` can be started (``AgentLauncher``).
    /// A call that later finds nobody serving the agent's name (the agent, or the app that
    /// hosted it, has exited) starts it again the same way and is made once more; with
    /// `hostInProcess`, an app that hosted the agent leaving starts it again at once
    /// (``followAppHost(on:restart:)``).
    package init(
        address: String? = nil, startAgent: Bool = true, hostInProcess: AgentLauncher.InProcessHost? = nil
    ) async throws {
        do {
            // Off Swift's shared threads: an app's bus that stops answering stalls only this call.
            if let address {
                connection = try await DBusConnection.connect(address: address)
            } else {
                connection = try await DBusConnection.connectToSessionBus()
            }
        } catch let error as DBusError {
            throw AgentError(.unavailable, error.message)
        }
        busAddress = address
        let connection = connection
        let restart: @Sendable () async throws -> Void = {
            do {
                try await AgentLauncher.ensureRunning(
                    on: connection, busAddress: address, hostInProcess: hostInProcess)
            } catch let error as DBusError {
                throw AgentError(error)
            }
        }
        self.restart = startAgent ? restart : nil
        if startAgent { try await restart() }
        if let name = AgentBusName.clientName() {
            // Behind a sandbox's bus proxy the agent may call (WillPresent) and signal (Response)
            // only connections that own a name the sandbox allows.
            do {
                _ = try await connection.requestName(name)
            } catch let error as DBusError {
                throw AgentError(error)
            }
        }
        // Only where the agent answers on its own name: an app that hosts it in a sandbox, under
        // a name of the app's own, is its only client.
        if startAgent, hostInProcess != nil, AgentBusName.inUse == AgentBusName.standard {
            hostFollower = await Self.followAppHost(on: connection, restart: restart)
        }
    }

    deinit {
        for follower in presenterFollowers { follower.cancel() }
        hostFollower?.cancel()
    }

    /// Asks for permission; waits for the user's answer at most `timeout`.
    package func requestAuthorization(app: String, options: AuthorizationOptionBits, timeout: Duration = .seconds(600))
        async throws -> (granted: Bool, status: AppSettings.Authorization)
    {
        let decisions = try await connection.signals(
            matching: MatchRule(
                path: AgentInterface.path, interface: AgentInterface.interface, arg0: app))
        let owners = try await connection.nameOwnerChanges(of: AgentInterface.busName)
        let (decided, granted, status) = try await call(AgentInterface.requestAuthorization, (app, options))
        if decided { return (granted, status) }
        let agentName = try await connection.nameOwner(of: AgentInterface.busName)
        return try await withThrowingTaskGroup(of: (Bool, AppSettings.Authorization)?.self) { group in
            group.addTask {
                // The agent that would send the answer left: no answer will come.
                for try await change in owners where change.newOwner != agentName {
                    throw AgentError(.unavailable, AgentError.agentQuit)
                }
                return nil
            }
            group.addTask {
                for try await message in decisions where message.sender == agentName {
                    // try?: another signal on the same match is not this one; the next is read
                    if case (_, let reason)? = try? AgentInterface.authorizationFailed.decode(message) {
                        throw AgentError(.server, reason)
                    }
                    // try?: another signal on the same match is not this one; the next is read
                    if case (_, let granted, let status)? = try? AgentInterface.authorizationDecided.decode(message) {
                        return (granted, status)
                    }
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let result = try await group.next() ?? nil else {
                throw AgentError(.timedOut, "no answer to the notification permission prompt within \(timeout)")
            }
            return result
        }
    }

    package func settings(app: String) async throws -> AppSettings {
        try await call(AgentInterface.getSettings, app)
    }

    package func setSettings(app: String, changes: [String: DBusVariant]) async throws -> AppSettings {
        try await call(AgentInterface.setSettings, (app, changes))
    }

    package func resetSettings(app: String) async throws {
        try await call(AgentInterface.resetSettings, app)
    }

    package func listApps() async throws -> [String: AppSettings] {
        try await call(AgentInterface.listApps, ())
    }

    /// What the running desktop holds, as the agent reads it (`GetDesktop`).
    package func desktop() async throws -> DesktopRecord {
        let (state, origin, place) = try await call(AgentInterface.getDesktop, ())
        return DesktopRecord(doNotDisturb: state, doNotDisturbOrigin: origin, settingsPlace: place)
    }

    /// Delivers `request` through the permission-filtered pipeline, now or when `trigger` says.
    ///
    /// - Returns: the server's id, or ``ServerNotificationID/unassigned`` for a scheduled request.
    package func add(app: String, request: DeliveryRequest, trigger: TriggerRecord? = nil) async throws
        -> ServerNotificationID
    {
        ServerNotificationID(
            rawValue: try await call(AgentInterface.add, (app, RequestRecord(request, trigger: trigger))))
    }

    /// Delivers an APNs JSON payload through the permission-filtered pipeline; the agent parses it.
    ///
    /// - Parameter app: the app, or `nil` to take the payload's "Simulator Target Bundle".
    /// - Returns: the app it was delivered to and the server's id.
    package func push(app: String?, payloadJSON: String) async throws -> (app: String, id: ServerNotificationID) {
        let (target, id) = try await call(AgentInterface.push, (app ?? "", payloadJSON))
        return (target, ServerNotificationID(rawValue: id))
    }

    /// Registers `app` for remote notifications (once) and answers its Web Push subscription
    /// as JSON; an ``AgentError`` with code `.pushUnavailable` when no distributor can register it.
    package func registerPush(app: String) async throws -> String {
        try await call(AgentInterface.registerPush, app)
    }

    /// The same for an app server that signs its pushes (VAPID): `serverKey` is its public key,
    /// base64url (87 characters); an ``AgentError`` `.invalidArgument` when it is no P-256 key.
    package func registerPush(app: String, serverKey: String) async throws -> String {
        try await call(AgentInterface.registerPushWithServerKey, (app, serverKey))
    }

    /// Unregisters `app` from remote notifications; whether it was registered.
    package func unregisterPush(app: String) async throws -> Bool {
        try await call(AgentInterface.unregisterPush, app)
    }

    /// The distributor in use (empty: none) and the push messages delivered and dropped, by reason.
    package func pushStatus() async throws -> (distributor: String, counts: [String: UInt32]) {
        try await call(AgentInterface.pushStatus, ())
    }

    /// The origins of the push servers the registered apps' endpoints are on, sorted.
    package func pushServers() async throws -> [String] {
        try await call(AgentInterface.pushServers, ())
    }

    /// Calls `method` with `arguments` and reads its reply, both through the method's
    /// ``AgentCall``; a reply it cannot read is an error naming the method.
    func call<Arguments, Reply>(_ method: AgentCall<Arguments, Reply>, _ arguments: Arguments) async throws -> Reply {
        let reply: DBusMessage
        do {
            reply = try await connection.call(method.message(arguments), timeout: .seconds(30))
        } catch let error as DBusError where Self.reachedNoAgent(error) && restart != nil {
            // Nobody got the call: start the agent again and make it once more.
            do {
                try await restart?()
                reply = try await connection.call(method.message(arguments), timeout: .seconds(30))
            } catch let error as DBusError {
                throw AgentError(error)
            }
        } catch let error as DBusError where Self.lacksMethod(error) {
            throw await versionMismatch(method.method, error.message)
        } catch let error as DBusError {
            throw AgentError(error)
        }
        do {
            return try method.reply.decode(reply.body)
        } catch {
            throw await versionMismatch(method.method, "its reply cannot be read: \(error)")
        }
    }

    /// The agent's version: `nil` for an agent older than 0.2.0, which cannot say.
    package func agentVersion() async throws -> String? {
        do {
            return try AgentInterface.getVersion.reply.decode(
                try await connection.call(AgentInterface.getVersion.message(()), timeout: .seconds(30)).body)
        } catch let error as DBusError where Self.lacksMethod(error) {
            return nil
        } catch let error as DBusError {
            throw AgentError(error)
        }
    }

    /// The error for a call the running agent does not have, or not in this form: it names
    /// both versions and what to do.
    private func versionMismatch(_ method: AgentMethod, _ detail: String) async -> AgentError {
        // try?: only for the message: an agent that cannot say is named as older
        let agent = (try? await agentVersion()).flatMap { $0 }.map { "unotifyd \($0)" } ?? "unotifyd (older than 0.2.0)"
        return AgentError(
            .unavailable,
            "\(agent) cannot answer \(method.rawValue) as unotify \(UnotifyVersion.number) calls it (\(detail)): "
                + "install unotify \(UnotifyVersion.number) or newer, whose unotifyd has it, or stop the older "
                + "unotifyd (an app then runs the agent's work itself)")
    }
}

extension AgentClient {
    /// Whether `error` says that the agent has no such method, or not with these arguments: it
    /// is of another version.
    static func lacksMethod(_ error: DBusError) -> Bool {
        error.name == ErrorName.unknownMethod.rawValue || error.name == ErrorName.invalidArgs.rawValue
    }

    /// Whether `error` says that the bus delivered the call to nobody: no agent owned its name.
    static func reachedNoAgent(_ error: DBusError) -> Bool {
        error.name == ErrorName.serviceUnknown.rawValue || error.name == ErrorName.nameHasNoOwner.rawValue
    }
}

extension AgentClient {
    /// What the server still shows for `app`, oldest first.
    package func delivered(app: String) async throws -> [DeliveredRecord] {
        try await call(AgentInterface.listDelivered, app)
    }

    /// Closes delivered notifications of `app` by identifier (all when `identifiers` is empty);
    /// returns how many were closed.
    @discardableResult
    package func removeDelivered(app: String, identifiers: [String]) async throws -> Int {
        Int(try await call(AgentInterface.removeDelivered, (app, identifiers)))
    }
}

extension AgentClient {
    /// Replaces the app's categories with `json` (an array of ``CategoryRecord`` objects).
    package func setCategories(app: String, json: String) async throws {
        try await call(AgentInterface.setCategories, (app, json))
    }

    /// The app's categories as JSON.
    package func categoriesJSON(app: String) async throws -> String {
        try await call(AgentInterface.getCategories, app)
    }

    /// Types the reply for a text-input action on a server without `inline-reply`.
    package func reply(token: String, text: String) async throws {
        try await call(AgentInterface.reply, (token, text))
    }

    /// The user's responses for `app`: first those queued while the app was not listening,
    /// then each new one as it comes, until the stream is dropped or the connection closes.
    ///
    /// The listening outlives the agent: when `org.unotify.Agent` gets a new owner (the agent
    /// was restarted, or started again on demand), this connection calls `Listen` on it again,
    /// so the new agent routes responses here and hands over those it kept meanwhile.
    package func listen(app: String) async throws -> AsyncThrowingStream<ResponseRecord, any Error> {
        let owners = try await connection.nameOwnerChanges(of: AgentInterface.busName)
        let signals = try await connection.signals(
            matching: MatchRule(
                path: AgentInterface.path, interface: AgentInterface.interface,
                member: AgentInterface.response.signal.name, arg0: app))
        let firstAgent = try await connection.nameOwner(of: AgentInterface.busName)
        let queued = try await call(AgentInterface.listen, app)
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ResponseRecord.self, throwing: (any Error).self)
        for response in queued { continuation.yield(response) }
        let events = ListenEvent.merging(signals: signals, owners: owners)
        let task = Task {
            // Every connection that owned the agent's name while this listened: a response the
            // old agent sent just before it left is still taken (unique names are never reused).
            var agents: Set<String> = firstAgent.map { [$0] } ?? []
            do {
                for try await event in events {
                    switch event {
                    case .response(let message) where message.sender.map(agents.contains) == true:
                        // try?: a Response that does not decode was not meant for this client's version; the next is read
                        guard case (_, let response)? = try? AgentInterface.response.decode(message) else { continue }
                        continuation.yield(response)
                    case .response:
                        continue
                    case .agentChanged(let owner):
                        guard let owner else { continue }
                        agents.insert(owner)
                        for response in try await self.call(AgentInterface.listen, app) { continuation.yield(response) }
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

extension AgentClient {
    /// Makes this connection the app's presenter: the agent calls `WillPresent` here before it
    /// presents a notification of `app`, and `presenter` answers with Apple's presentation
    /// option bits (`nil`: the app has no delegate). The registration outlives the agent: each
    /// new owner of `org.unotify.Agent` is asked `RegisterPresenter` again.
    package func registerPresenter(app: String, _ presenter: @escaping @Sendable (DeliveryRequest) async -> UInt?)
        async throws
    {
        let owners = try await connection.nameOwnerChanges(of: AgentInterface.busName)
        await connection.export(path: AgentInterface.appPath, interfaces: [AgentInterface.appDescription]) { message in
            let request: DeliveryRequest
            do {
                (_, request) = try AgentInterface.willPresentArguments.decode(message.body)
            } catch let error as DBusError {
                throw DBusError(.invalidArgs, "WillPresent: \(error.message)")
            }
            let options = await presenter(request)
            return AgentInterface.willPresentReply.encode((options != nil, UInt32(truncatingIfNeeded: options ?? 0)))
        }
        try await call(AgentInterface.registerPresenter, app)
        presenterFollowers.append(
            Task { [weak self] in
                do {
                    for try await change in owners where change.newOwner != nil {
                        guard let self else { return }
                        // try?: a new agent that cannot be reached is tried again at its next start; meanwhile it presents without asking, as with no delegate
                        try? await self.call(AgentInterface.registerPresenter, app)
                    }
                } catch {}
            })
    }
}

extension AgentClient {
    /// `app`'s pending requests, earliest first.
    package func pending(app: String) async throws -> [PendingRecord] {
        try await call(AgentInterface.listPending, app)
    }

    /// Cancels pending requests of `app` by identifier (all when `identifiers` is empty).
    @discardableResult
    package func removePending(app: String, identifiers: [String]) async throws -> Int {
        Int(try await call(AgentInterface.removePending, (app, identifiers)))
    }
}

extension AgentClient {
    /// Shows `count` on the app's icon in docks that follow the Unity launcher API (0 hides it);
    /// returns `false` when the app's badge setting is off (nothing is shown).
    @discardableResult
    /// Shows `request` from the agent's connection, which stays (see ``AgentInterface/relay``);
    /// the server's id.
    package func relay(_ request: NotifyRequest) async throws -> UInt32 {
        try await call(AgentInterface.relay, request.arguments.map { DBusVariant($0) })
    }

    package func setBadge(app: String, count: Int) async throws -> Bool {
        try await call(AgentInterface.setBadge, (app, Int64(count)))
    }
}

import DBus
import FreedesktopNotifications

/// The library's and the CLI's connection to the agent, `unotifyd`, which it starts on demand.
package actor AgentClient {
    package nonisolated let connection: DBusConnection
    private let busAddress: String?

    /// Connects to the session bus (or `address`) and makes sure the agent runs.
    package init(address: String? = nil, startAgent: Bool = true) async throws {
        do {
            connection = try address.map { try DBusConnection(address: $0) } ?? DBusConnection.sessionBus()
        } catch let error as DBusError {
            throw AgentError(.unavailable, error.message)
        }
        busAddress = address
        if startAgent {
            do {
                try await AgentLauncher.ensureRunning(on: connection, busAddress: address)
            } catch let error as DBusError {
                throw AgentError(error)
            }
        }
    }

    /// Asks for permission; waits for the user's answer at most `timeout`.
    package func requestAuthorization(app: String, options: AuthorizationOptionBits, timeout: Duration = .seconds(600))
        async throws -> (granted: Bool, status: AppSettings.Authorization)
    {
        let decisions = try await connection.signals(
            matching: MatchRule(
                path: AgentInterface.path, interface: AgentInterface.interface, arg0: app))
        let reply = try await call(.requestAuthorization, [.string(app), .uint64(UInt64(options.rawValue))])
        guard reply.count == 3, case .boolean(let decided) = reply[0], case .boolean(let granted) = reply[1],
            case .int32(let raw) = reply[2], let status = AppSettings.Authorization(rawValue: Int(raw))
        else { throw AgentError(.unavailable, "unotifyd answered RequestAuthorization with the wrong types") }
        if decided { return (granted, status) }
        let agentName = try await connection.nameOwner(of: AgentInterface.busName)
        return try await withThrowingTaskGroup(of: (Bool, AppSettings.Authorization)?.self) { group in
            group.addTask {
                for try await message in decisions where message.sender == agentName {
                    if message.member == AgentSignal.authorizationFailed.name, message.body.count == 2,
                        case .string(let reason) = message.body[1]
                    {
                        throw AgentError(.server, reason)
                    }
                    guard message.member == AgentSignal.authorizationDecided.name, message.body.count == 3,
                        case .boolean(let granted) = message.body[1],
                        case .int32(let raw) = message.body[2],
                        let status = AppSettings.Authorization(rawValue: Int(raw))
                    else { continue }
                    return (granted, status)
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
        try Self.settings(from: try await call(.getSettings, [.string(app)]))
    }

    package func setSettings(app: String, changes: [String: DBusVariant]) async throws -> AppSettings {
        try Self.settings(from: try await call(.setSettings, [.string(app), changes.dbusValue]))
    }

    package func resetSettings(app: String) async throws {
        _ = try await call(.resetSettings, [.string(app)])
    }

    package func listApps() async throws -> [String: AppSettings] {
        let reply = try await call(.listApps, [])
        guard let first = reply.first, let apps = try? [String: [String: DBusVariant]](dbusValue: first) else {
            throw AgentError(.unavailable, "unotifyd answered ListApps with the wrong types")
        }
        return try apps.mapValues { try AppSettings().applying($0) }
    }

    /// Delivers `request` through the permission-filtered pipeline, now or when `trigger` says.
    ///
    /// - Returns: the server's id, or ``ServerNotificationID/unassigned`` for a scheduled request.
    package func add(app: String, request: DeliveryRequest, trigger: TriggerRecord? = nil) async throws
        -> ServerNotificationID
    {
        var wire = request.wire
        if let trigger { wire["trigger"] = DBusVariant(trigger.wire.dbusValue) }
        let reply = try await call(.add, [.string(app), wire.dbusValue])
        guard case .uint32(let id)? = reply.first else {
            throw AgentError(.unavailable, "unotifyd answered Add with the wrong types")
        }
        return ServerNotificationID(rawValue: id)
    }

    /// Delivers an APNs JSON payload through the permission-filtered pipeline; the agent parses it.
    ///
    /// - Parameter app: the app, or `nil` to take the payload's "Simulator Target Bundle".
    /// - Returns: the app it was delivered to and the server's id.
    package func push(app: String?, payloadJSON: String) async throws -> (app: String, id: ServerNotificationID) {
        let reply = try await call(.push, [.string(app ?? ""), .string(payloadJSON)])
        guard reply.count == 2, case .string(let target) = reply[0], case .uint32(let id) = reply[1] else {
            throw AgentError(.unavailable, "unotifyd answered Push with the wrong types")
        }
        return (target, ServerNotificationID(rawValue: id))
    }

    private static func settings(from reply: [DBusValue]) throws -> AppSettings {
        guard let first = reply.first, let wire = try? [String: DBusVariant](dbusValue: first) else {
            throw AgentError(.unavailable, "unotifyd answered with settings of the wrong types")
        }
        return try AppSettings().applying(wire)
    }

    func callAgent(_ method: AgentMethod, _ body: [DBusValue]) async throws -> [DBusValue] {
        try await call(method, body)
    }

    /// The fields of each 3-field structure in the array that `member(app)` answers with.
    func listStructures(_ method: AgentMethod, app: String) async throws -> [[DBusValue]] {
        guard case .array(_, let items)? = try await callAgent(method, [.string(app)]).first else {
            throw Self.wrongTypes(method)
        }
        return try items.map { item in
            guard case .structure(let fields) = item, fields.count == 3 else { throw Self.wrongTypes(method) }
            return fields
        }
    }

    /// The error for an answer that does not have the types of the agent's protocol.
    static func wrongTypes(_ method: AgentMethod) -> AgentError {
        AgentError(.unavailable, "unotifyd answered \(method.rawValue) with the wrong types")
    }

    /// Calls `method`; a reply whose signature is not the method's is an error, so the
    /// callers' pattern matches only decide between values of the right types.
    private func call(_ method: AgentMethod, _ body: [DBusValue]) async throws -> [DBusValue] {
        let reply: DBusMessage
        do {
            reply = try await connection.call(
                .methodCall(
                    destination: AgentInterface.busName, path: AgentInterface.path, interface: AgentInterface.interface,
                    member: method.name, body: body), timeout: .seconds(30))
        } catch let error as DBusError {
            throw AgentError(error)
        }
        guard reply.bodySignature == method.description.replySignature else { throw Self.wrongTypes(method) }
        return reply.body
    }
}

extension AgentClient {
    /// One notification the server still shows.
    package struct Delivered: Sendable, Equatable {
        package var serverID: ServerNotificationID
        /// Seconds since 1970 when it was delivered.
        package var date: Double
        package var request: DeliveryRequest
    }

    /// What the server still shows for `app`, oldest first.
    package func delivered(app: String) async throws -> [Delivered] {
        try await listStructures(.listDelivered, app: app).map { fields in
            guard case .uint32(let id) = fields[0], case .double(let date) = fields[1],
                let wire = try? [String: DBusVariant](dbusValue: fields[2])
            else { throw Self.wrongTypes(.listDelivered) }
            return Delivered(
                serverID: ServerNotificationID(rawValue: id), date: date,
                request: try DeliveryRequest(wire: wire))
        }
    }

    /// Closes delivered notifications of `app` by identifier (all when `identifiers` is empty);
    /// returns how many were closed.
    @discardableResult
    package func removeDelivered(app: String, identifiers: [String]) async throws -> Int {
        let reply = try await callAgent(.removeDelivered, [.string(app), identifiers.dbusValue])
        guard case .uint32(let count)? = reply.first else {
            throw AgentError(.unavailable, "unotifyd answered RemoveDelivered with the wrong types")
        }
        return Int(count)
    }
}

extension AgentClient {
    /// Replaces the app's categories with `json` (an array of ``CategoryRecord`` objects).
    package func setCategories(app: String, json: String) async throws {
        _ = try await callAgent(.setCategories, [.string(app), .string(json)])
    }

    /// The app's categories as JSON.
    package func categoriesJSON(app: String) async throws -> String {
        guard case .string(let json)? = try await callAgent(.getCategories, [.string(app)]).first else {
            throw AgentError(.unavailable, "unotifyd answered GetCategories with the wrong types")
        }
        return json
    }

    /// Types the reply for a text-input action on a server without `inline-reply`.
    package func reply(token: String, text: String) async throws {
        _ = try await callAgent(.reply, [.string(token), .string(text)])
    }

    /// The user's responses for `app`: first those queued while the app was not listening,
    /// then each new one as it comes, until the stream is dropped or the connection closes.
    package func listen(app: String) async throws -> AsyncThrowingStream<ResponseRecord, any Error> {
        let agentName = try await connection.nameOwner(of: AgentInterface.busName)
        let signals = try await connection.signals(
            matching: MatchRule(
                path: AgentInterface.path, interface: AgentInterface.interface, member: AgentSignal.response.name,
                arg0: app))
        let reply = try await callAgent(.listen, [.string(app)])
        guard case .array(_, let queuedValues)? = reply.first else {
            throw AgentError(.unavailable, "unotifyd answered Listen with the wrong types")
        }
        let queued = try queuedValues.map { try ResponseRecord(wire: try [String: DBusVariant](dbusValue: $0)) }
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ResponseRecord.self, throwing: (any Error).self)
        for response in queued { continuation.yield(response) }
        let task = Task {
            do {
                for try await message in signals where message.sender == agentName && message.body.count == 2 {
                    guard let wire = try? [String: DBusVariant](dbusValue: message.body[1]),
                        let response = try? ResponseRecord(wire: wire)
                    else { continue }
                    continuation.yield(response)
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
    /// option bits (`nil`: the app has no delegate).
    package func registerPresenter(app: String, _ presenter: @escaping @Sendable (DeliveryRequest) async -> UInt?)
        async throws
    {
        await connection.export(path: AgentInterface.appPath, interfaces: [AgentInterface.appDescription]) { message in
            guard let wire = try? [String: DBusVariant](dbusValue: message.body[1]) else {
                throw DBusError(.invalidArgs, "WillPresent takes (s app, a{sv} request)")
            }
            let options = await presenter(try DeliveryRequest(wire: wire))
            return [.boolean(options != nil), .uint32(UInt32(truncatingIfNeeded: options ?? 0))]
        }
        _ = try await callAgent(.registerPresenter, [.string(app)])
    }
}

extension AgentClient {
    /// One request waiting for its trigger.
    package struct Pending: Sendable, Equatable {
        package var request: DeliveryRequest
        package var trigger: TriggerRecord
        /// Seconds since 1970 of the next delivery.
        package var nextFireDate: Double
    }

    /// `app`'s pending requests, earliest first.
    package func pending(app: String) async throws -> [Pending] {
        try await listStructures(.listPending, app: app).map { fields in
            guard let request = try? [String: DBusVariant](dbusValue: fields[0]),
                let trigger = try? [String: DBusVariant](dbusValue: fields[1]), case .double(let date) = fields[2]
            else { throw Self.wrongTypes(.listPending) }
            return Pending(
                request: try DeliveryRequest(wire: request), trigger: try TriggerRecord(wire: trigger),
                nextFireDate: date)
        }
    }

    /// Cancels pending requests of `app` by identifier (all when `identifiers` is empty).
    @discardableResult
    package func removePending(app: String, identifiers: [String]) async throws -> Int {
        guard
            case .uint32(let count)? = try await callAgent(.removePending, [.string(app), identifiers.dbusValue]).first
        else { throw AgentError(.unavailable, "unotifyd answered RemovePending with the wrong types") }
        return Int(count)
    }
}

extension AgentClient {
    /// Shows `count` on the app's icon in docks that follow the Unity launcher API (0 hides it);
    /// returns `false` when the app's badge setting is off (nothing is shown).
    @discardableResult
    package func setBadge(app: String, count: Int) async throws -> Bool {
        guard case .boolean(let shown)? = try await callAgent(.setBadge, [.string(app), .int64(Int64(count))]).first
        else {
            throw AgentError(.unavailable, "unotifyd answered SetBadge with the wrong types")
        }
        return shown
    }
}

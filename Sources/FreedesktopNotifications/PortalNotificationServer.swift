import DBus

/// The notification portal behind the ``NotificationServer`` seam: what a sandboxed app uses
/// when the sandbox hides `org.freedesktop.Notifications`.
///
/// Each `Notify` becomes `AddNotification` with an id of its own (the number this returns,
/// counted from a random start so that the app's runs do not replace each other's), a
/// replacement is `AddNotification` with the same id, a close is `RemoveNotification`, and the
/// portal's `ActionInvoked` comes back as the server's. The portal never says that a
/// notification was closed or expired. Its answer `NotAllowed` (the user turned the app's
/// notifications off in the desktop's settings) is a ``NotificationServerError`` with
/// ``NotificationServerError/Code/rejected`` and that error name.
public actor PortalNotificationServer: NotificationServer {
    /// The connection the portal is called on.
    public nonisolated let connection: DBusConnection
    /// How long each call to the portal may take.
    public nonisolated let timeout: Duration
    /// The id of the next new notification. The portal replaces a notification added again
    /// under an id the app already used, and an app's earlier runs used ids too (their
    /// notifications may still be on screen), so each run starts counting at a random number.
    private var nextID = UInt32.random(in: 1...(UInt32.max / 2))
    private var version: UInt32?
    /// The app's own activation, when clicks are answered through it.
    public nonisolated let activation: PortalAppActivation?

    /// The portal on `connection`'s bus; with `activation`, the buttons of the notifications
    /// are answered through the app's activation (``PortalAppActivation``), so that a click
    /// reaches the app after this connection is gone too.
    public init(connection: DBusConnection, timeout: Duration = .seconds(10), activation: PortalAppActivation? = nil) {
        self.connection = connection
        self.timeout = timeout
        self.activation = activation
    }

    /// Not a server on the bus of its own: no desktop settings are read through it.
    public nonisolated var endpoint: ServerEndpoint? { nil }

    /// The portal's version (1: title, body, icon, priority, buttons; 2 adds sound, category,
    /// markup and display hints).
    public func portalVersion() async throws -> UInt32 {
        if let version { return version }
        let value: DBusValue
        do {
            value = try await connection.property(
                "version", of: NotificationPortal.interface, at: NotificationPortal.path,
                on: NotificationPortal.busName, timeout: timeout)
        } catch let error as DBusError {
            throw NotificationServerError(error, server: NotificationPortal.busName)
        }
        guard case .uint32(let found) = value else {
            throw NotificationServerError(.badReply, "the portal's version is '\(value.signature)', expected 'u'")
        }
        version = found
        return found
    }

    public func notify(_ request: NotifyRequest) async throws -> ServerNotificationID {
        try await notify(request, replacing: nil).id
    }

    public func closeNotification(_ id: ServerNotificationID) async throws {
        _ = try await call("RemoveNotification", [.string(String(id.rawValue))])
    }

    public func capabilities() async throws -> ServerCapabilities {
        NotificationPortal.capabilities(version: try await portalVersion())
    }

    public func serverInformation() async throws -> ServerInformation {
        ServerInformation(
            name: "xdg-desktop-portal", vendor: "freedesktop.org",
            version: "notification portal \(try await portalVersion())", specVersion: "1.2")
    }

    public func profile() async throws -> ServerProfile {
        ServerProfile(information: try await serverInformation(), capabilities: try await capabilities())
    }

    public func notify(_ request: NotifyRequest, replacing: OwnedNotificationID?) async throws
        -> OwnedNotificationID
    {
        if let replacing { return try await replace(replacing, with: request) }
        let id = ServerNotificationID(rawValue: nextID)
        nextID = nextID == UInt32.max ? 1 : nextID + 1
        return try await add(request, as: id)
    }

    @discardableResult
    public func replace(_ notification: OwnedNotificationID, with request: NotifyRequest) async throws
        -> OwnedNotificationID
    {
        try await add(request, as: notification.id)
    }

    public func closeNotification(_ notification: OwnedNotificationID) async throws {
        try await closeNotification(notification.id)
    }

    public func events() async throws -> AsyncThrowingStream<ServerEvent, any Error> {
        let owned = try await ownedEvents()
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ServerEvent.self, throwing: (any Error).self)
        let task = Task {
            do {
                for try await event in owned { continuation.yield(event.event) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    public func ownedEvents() async throws -> AsyncThrowingStream<OwnedServerEvent, any Error> {
        let signals: AsyncThrowingStream<DBusMessage, any Error>
        do {
            signals = try await connection.signals(
                matching: MatchRule(
                    path: NotificationPortal.path, interface: NotificationPortal.interface, member: "ActionInvoked"))
        } catch let error as DBusError {
            throw NotificationServerError(error, server: NotificationPortal.busName)
        }
        let connection = connection
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: OwnedServerEvent.self, throwing: (any Error).self)
        let clicks = Task { [activation] in
            guard let activation else { return }
            for await click in await activation.clicks() {
                // The notification was the portal's: the click counts as the portal's owner's.
                // try?: with no portal now the click cannot be matched to what it showed: dropped
                guard let owner = try? await connection.nameOwner(of: NotificationPortal.busName) else { continue }
                if let token = click.activationToken {
                    continuation.yield(
                        OwnedServerEvent(owner: owner, event: .activationToken(click.notification, token: token)))
                }
                // A typed reply answers the notification's text-input action (the agent finds it).
                let event: ServerEvent =
                    if let text = click.replyText { .replied(click.notification, text: text) } else {
                        .actionInvoked(click.notification, actionKey: click.actionKey)
                    }
                continuation.yield(OwnedServerEvent(owner: owner, event: event))
            }
        }
        let task = Task {
            do {
                for try await message in signals {
                    guard let sender = message.sender, case .string(let id)? = message.body.first,
                        message.body.count >= 2, case .string(let action) = message.body[1],
                        let number = UInt32(id),
                        // try?: no owner now means the sender is not the portal: its signal is ignored
                        (try? await connection.nameOwner(of: NotificationPortal.busName)) == sender
                    else { continue }
                    let notification = ServerNotificationID(rawValue: number)
                    let event: ServerEvent =
                        if message.body.count >= 3, let text = Self.replyText(in: message.body[2]) {
                            .replied(notification, text: text)
                        } else {
                            .actionInvoked(notification, actionKey: action)
                        }
                    continuation.yield(OwnedServerEvent(owner: sender, event: event))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in
            task.cancel()
            clicks.cancel()
        }
        return stream
    }

    public func ownerChanges() async throws -> AsyncThrowingStream<String?, any Error> {
        let changes: AsyncThrowingStream<DBusConnection.NameOwnerChange, any Error>
        let current: String?
        do {
            let raw = try await connection.nameOwnerChanges(of: NotificationPortal.busName)
            changes = AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for try await change in raw { continuation.yield(change) }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
            current = try await connection.nameOwner(of: NotificationPortal.busName)
        } catch let error as DBusError {
            throw NotificationServerError(error, server: NotificationPortal.busName)
        }
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: String?.self, throwing: (any Error).self)
        continuation.yield(current)
        let task = Task {
            do {
                for try await change in changes { continuation.yield(change.newOwner) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The typed reply in `ActionInvoked`'s parameter: the string after the platform data
    /// (`a{sv}`), where a backend that knows the reply purpose puts it (version 2). The buttons
    /// answered this way have no target, so the platform data comes first.
    static func replyText(in parameter: DBusValue) -> String? {
        guard case .array(_, let values) = parameter,
            let data = values.firstIndex(where: { if case .variant(.dictionary) = $0 { true } else { false } }),
            data + 1 < values.count, case .variant(.string(let text)) = values[data + 1]
        else { return nil }
        return text
    }

    /// Shows `request` under `id` (replacing what had that id), bound to the portal's owner.
    private func add(_ request: NotifyRequest, as id: ServerNotificationID) async throws -> OwnedNotificationID {
        let options = NotificationPortal.options(
            for: request, version: try await portalVersion(), activation: activation == nil ? nil : id)
        let sender = try await call("AddNotification", [.string(String(id.rawValue)), options.dbusValue])
        return OwnedNotificationID(owner: sender ?? "", id: id)
    }

    /// Calls the portal; answers the sender of its reply.
    private func call(_ member: MemberName, _ arguments: [DBusValue]) async throws -> String? {
        do {
            let reply = try await connection.call(
                .methodCall(
                    destination: NotificationPortal.busName, path: NotificationPortal.path,
                    interface: NotificationPortal.interface, member: member, body: arguments), timeout: timeout)
            return reply.sender
        } catch let error as DBusError {
            throw NotificationServerError(error, server: NotificationPortal.busName)
        }
    }
}

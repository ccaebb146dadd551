/// The bus daemon's own methods (`org.freedesktop.DBus`): names and their owners.
extension DBusConnection {
    /// The bus daemon's own name, path and interface, `org.freedesktop.DBus`.
    public static let busDaemon: BusName = "org.freedesktop.DBus"
    private static let busDaemonPath: ObjectPath = "/org/freedesktop/DBus"
    private static let busDaemonInterface: InterfaceName = "org.freedesktop.DBus"

    /// The reply to ``requestName(_:flags:)``.
    public enum RequestNameReply: UInt32, Sendable {
        /// The connection now owns the name.
        case primaryOwner = 1
        /// The name has another owner; the connection waits in its queue.
        case inQueue = 2
        /// The name has another owner, and the connection asked not to be queued.
        case exists = 3
        /// The connection already owned the name.
        case alreadyOwner = 4
    }

    /// Flags of ``requestName(_:flags:)``.
    public struct RequestNameFlags: OptionSet, Sendable {
        /// The flags as the bus reads them (`DBUS_NAME_FLAG_*`).
        public let rawValue: UInt32
        /// Flags from their bus value.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Another connection that asks with ``replaceExisting`` may take the name over.
        public static let allowReplacement = RequestNameFlags(rawValue: 1)
        /// Take the name from its owner if that owner allowed replacement.
        public static let replaceExisting = RequestNameFlags(rawValue: 2)
        /// Fail at once (``DBusConnection/RequestNameReply/exists``) rather than wait in the name's queue.
        public static let doNotQueue = RequestNameFlags(rawValue: 4)
    }

    /// A change of a name's owner, from the bus's `NameOwnerChanged` signal.
    public struct NameOwnerChange: Sendable, Equatable {
        /// The name whose owner changed.
        public var name: String
        /// The unique name of the old owner, or `nil` when the name had none.
        public var oldOwner: String?
        /// The unique name of the new owner, or `nil` when the name is now unowned.
        public var newOwner: String?

        /// A change of `name` from `oldOwner` to `newOwner`.
        public init(name: String, oldOwner: String?, newOwner: String?) {
            self.name = name
            self.oldOwner = oldOwner
            self.newOwner = newOwner
        }
    }

    /// Asks the bus for `name`.
    public func requestName(_ name: BusName, flags: RequestNameFlags = [.doNotQueue]) async throws -> RequestNameReply {
        let reply = try await callBus("RequestName", [.string(name.rawValue), .uint32(flags.rawValue)])
        guard case .uint32(let code)? = reply.first, let result = RequestNameReply(rawValue: code) else {
            throw DBusError(.unexpectedType, "RequestName returned '\(reply.map(\.signature.description).joined())'")
        }
        return result
    }

    /// Gives `name` back to the bus.
    public func releaseName(_ name: BusName) async throws {
        _ = try await callBus("ReleaseName", [.string(name.rawValue)])
    }

    /// The unique name of the connection that owns `name`, or `nil` when nobody does.
    public func nameOwner(of name: BusName) async throws -> String? {
        do {
            let reply = try await callBus("GetNameOwner", [.string(name.rawValue)])
            return try reply.first.map { try String(dbusValue: $0) }
        } catch let error as DBusError where error.isNamed(.nameHasNoOwner) {
            return nil
        }
    }

    /// Whether anybody owns `name` now, asked with one blocking round trip (for short-lived
    /// command-line tools; see ``callBlocking(_:timeout:)``).
    public nonisolated func nameHasOwnerBlocking(_ name: BusName, timeout: Duration = defaultTimeout) throws -> Bool {
        let reply = try callBlocking(Self.busMethod("NameHasOwner", [.string(name.rawValue)]), timeout: timeout)
        guard case .boolean(let owned)? = reply.body.first else {
            throw DBusError(.unexpectedType, "NameHasOwner returned '\(reply.bodySignature)'")
        }
        return owned
    }

    /// Starts the service that the bus can activate for `name` (D-Bus activation), or finds it
    /// running; `false` when no service file names it.
    public func startService(_ name: BusName) async throws -> Bool {
        do {
            _ = try await callBus("StartServiceByName", [.string(name.rawValue), .uint32(0)])
            return true
        } catch let error as DBusError where error.isNamed(.serviceUnknown) {
            return false
        }
    }

    /// The bus's own id (`GetId`): 32 hexadecimal digits, the same for every connection to one
    /// bus daemon and different for every other (another session, another `dbus-run-session`).
    public func busID() async throws -> String {
        let reply = try await callBus("GetId", [])
        return try String(dbusValue: reply.first ?? .uint32(0))
    }

    /// The process ID of the connection that owns `name`.
    public func processID(of name: BusName) async throws -> UInt32 {
        let reply = try await callBus("GetConnectionUnixProcessID", [.string(name.rawValue)])
        return try UInt32(dbusValue: reply.first ?? .string(""))
    }

    /// Changes of `name`'s owner, as they happen, from the subscription on.
    public func nameOwnerChanges(of name: BusName) async throws -> AsyncThrowingMapSequence<
        AsyncThrowingStream<DBusMessage, any Error>, NameOwnerChange
    > {
        try await nameOwnerChanges(
            matching: MatchRule(
                sender: Self.busDaemon, path: Self.busDaemonPath, interface: Self.busDaemonInterface,
                member: "NameOwnerChanged", arg0: name.rawValue))
    }

    /// Every name on the bus now: unique names (`:1.42`) and well-known ones.
    public func listNames() async throws -> [String] {
        let reply = try await callBus("ListNames", [])
        return try reply.first.map { try [String](dbusValue: $0) } ?? []
    }

    /// Changes of the owners of `namespace` and every name below it (`org.example` covers
    /// `org.example.One` and `org.example.Two`), as they happen, from the subscription on.
    public func nameOwnerChanges(inNamespace namespace: BusName) async throws -> AsyncThrowingMapSequence<
        AsyncThrowingStream<DBusMessage, any Error>, NameOwnerChange
    > {
        try await nameOwnerChanges(
            matching: MatchRule(
                sender: Self.busDaemon, path: Self.busDaemonPath, interface: Self.busDaemonInterface,
                member: "NameOwnerChanged", arg0Namespace: namespace.rawValue))
    }

    private func nameOwnerChanges(matching rule: MatchRule) async throws -> AsyncThrowingMapSequence<
        AsyncThrowingStream<DBusMessage, any Error>, NameOwnerChange
    > {
        try await signals(matching: rule).map { message in
            let strings = try message.body.map { try String(dbusValue: $0) }
            guard strings.count == 3 else {
                throw DBusError(.unexpectedType, "NameOwnerChanged with signature '\(message.bodySignature)'")
            }
            return NameOwnerChange(
                name: strings[0], oldOwner: strings[1].isEmpty ? nil : strings[1],
                newOwner: strings[2].isEmpty ? nil : strings[2])
        }
    }

    private func callBus(_ member: MemberName, _ body: [DBusValue]) async throws -> [DBusValue] {
        try await call(Self.busMethod(member, body), timeout: .seconds(10)).body
    }

    private static func busMethod(_ member: MemberName, _ body: [DBusValue]) -> DBusMessage {
        .methodCall(
            destination: busDaemon, path: busDaemonPath, interface: busDaemonInterface, member: member, body: body)
    }
}

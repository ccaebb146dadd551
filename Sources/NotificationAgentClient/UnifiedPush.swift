import DBus

/// The names of the UnifiedPush D-Bus specification (DBUS 0.3.0) that the agent, as every
/// app's connector, speaks: the distributors' names and interfaces, and the connector's
/// interfaces that the agent exports at ``connectorPath`` on its own bus name.
package enum UnifiedPush {
    /// Every distributor's bus name starts with this and a dot (`org.unifiedpush.Distributor.ntfy`).
    package static let distributorNamespace: BusName = "org.unifiedpush.Distributor"
    /// Where a distributor serves its interfaces.
    package static let distributorPath: ObjectPath = "/org/unifiedpush/Distributor"
    /// `Register(a{sv}) → a{sv}`, `Unregister(a{sv}) → a{sv}`.
    package static let distributor2: InterfaceName = "org.unifiedpush.Distributor2"
    /// `Register(s service, s token, s description) → (s result, s reason)`, `Unregister(s token)`.
    package static let distributor1: InterfaceName = "org.unifiedpush.Distributor1"
    /// Where the connector (the agent) serves its interfaces.
    package static let connectorPath: ObjectPath = "/org/unifiedpush/Connector"
    /// `Message`, `NewEndpoint`, `Unregistered`, each `a{sv} → a{sv}`.
    package static let connector2: InterfaceName = "org.unifiedpush.Connector2"
    /// The same three with positional arguments and no reply.
    package static let connector1: InterfaceName = "org.unifiedpush.Connector1"
    /// The environment variable that names the distributor to use when several are on the bus.
    package static let distributorVariable = "UNOTIFY_PUSH_DISTRIBUTOR"
    /// A push message is 1 to 4 096 bytes (the spec's "Push message"): RFC 8291's encrypted
    /// body, its 86-byte header, padding delimiter and 16-byte tag included (3 993 bytes of
    /// plaintext at most).
    package static let maximumMessageBytes = 4_096
    /// The most the arguments of a call to the connector may hold, in bytes (as
    /// `DBusMethodDescription.maximumArgumentBytes` counts them: its `ay` a byte each). A
    /// `Message` of ``maximumMessageBytes`` with a UUID token, a distributor's id and
    /// `Connector2`'s keys is about 4 200 bytes: the rest is room for a longer token or id; a
    /// `NewEndpoint`'s endpoint is at most 1 000 bytes.
    package static let maximumArgumentBytes = 16_384

    /// Whether `name` is a distributor's bus name.
    package static func isDistributor(_ name: String) -> Bool {
        name.hasPrefix(distributorNamespace.rawValue + ".") && name.count > distributorNamespace.rawValue.count + 1
    }

    /// The connector's interfaces as the spec's XML files describe them, for the exported object.
    package static let connectorDescriptions: [DBusInterfaceDescription] = [
        DBusInterfaceDescription(
            connector2, documentation: "UnifiedPush connector (DBUS 0.3.0): the agent receives every app's pushes.",
            methods: ["Message", "NewEndpoint", "Unregistered"].map {
                DBusMethodDescription(
                    MemberName(stringLiteral: $0), arguments: [DBusArgumentDescription("args", "a{sv}")],
                    reply: [DBusArgumentDescription("res", "a{sv}")], documentation: "See the UnifiedPush D-Bus spec.",
                    maximumArgumentBytes: maximumArgumentBytes)
            }),
        DBusInterfaceDescription(
            connector1, documentation: "UnifiedPush connector, version 1 (positional arguments).",
            methods: [
                DBusMethodDescription(
                    "Message",
                    arguments: [
                        DBusArgumentDescription("token", "s"), DBusArgumentDescription("message", "ay"),
                        DBusArgumentDescription("messageIdentifier", "s"),
                    ], documentation: "A push message.", maximumArgumentBytes: maximumArgumentBytes),
                DBusMethodDescription(
                    "NewEndpoint",
                    arguments: [DBusArgumentDescription("token", "s"), DBusArgumentDescription("endpoint", "s")],
                    documentation: "The registration's endpoint.", maximumArgumentBytes: maximumArgumentBytes),
                DBusMethodDescription(
                    "Unregistered", arguments: [DBusArgumentDescription("token", "s")],
                    documentation: "The registration ended.", maximumArgumentBytes: maximumArgumentBytes),
            ]),
    ]
}

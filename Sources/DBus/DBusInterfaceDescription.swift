/// An interface as its introspection data describes it: the one definition that both the
/// object exporting it and its callers use.
///
/// ``DBusConnection/export(path:interfaces:refused:handler:)`` answers
/// `org.freedesktop.DBus.Introspectable.Introspect` with ``DBusIntrospection`` of it and refuses
/// calls that do not match it (unknown interface, unknown method, wrong argument signature)
/// before the handler sees them.
public struct DBusInterfaceDescription: Hashable, Sendable {
    /// The interface's name, such as `org.unotify.Agent1`.
    public let name: InterfaceName
    /// What the interface is for, in sentences (introspection carries it as a comment).
    public let documentation: String
    /// The methods, in the order introspection lists them.
    public let methods: [DBusMethodDescription]
    /// The signals, in the order introspection lists them.
    public let signals: [DBusSignalDescription]
    /// The error names its methods reply with (introspection has no element for errors: they
    /// are listed in a comment).
    public let errors: [DBusErrorDescription]

    /// Describes the interface `name` with its methods, signals and error names.
    public init(
        _ name: InterfaceName, documentation: String, methods: [DBusMethodDescription],
        signals: [DBusSignalDescription] = [], errors: [DBusErrorDescription] = []
    ) {
        self.name = name
        self.documentation = documentation
        self.methods = methods
        self.signals = signals
        self.errors = errors
    }

    /// The method named `name`, if the interface has one.
    public func method(_ name: String) -> DBusMethodDescription? {
        methods.first { $0.name.rawValue == name }
    }

    /// The signal named `name`, if the interface has one.
    public func signal(_ name: String) -> DBusSignalDescription? {
        signals.first { $0.name.rawValue == name }
    }
}

/// One signal of an interface: its name, arguments, and when it is emitted.
public struct DBusSignalDescription: Hashable, Sendable {
    /// The signal's name, such as `ActionInvoked`.
    public let name: MemberName
    /// The values the signal carries, in order.
    public let arguments: [DBusArgumentDescription]
    /// When the signal is emitted and what it means, in sentences.
    public let documentation: String

    /// Describes the signal `name` and the values it carries.
    public init(_ name: MemberName, arguments: [DBusArgumentDescription], documentation: String) {
        self.name = name
        self.arguments = arguments
        self.documentation = documentation
    }

    /// The signature of the signal's body.
    public var signature: String { arguments.map(\.type).joined() }
}

/// One signal of an interface: its name, arguments, and when it is emitted.
public struct DBusSignalDescription: Hashable, Sendable {
    public let name: MemberName
    public let arguments: [DBusArgumentDescription]
    public let documentation: String

    public init(_ name: MemberName, arguments: [DBusArgumentDescription], documentation: String) {
        self.name = name
        self.arguments = arguments
        self.documentation = documentation
    }

    /// The signature of the signal's body.
    public var signature: String { arguments.map(\.type).joined() }
}

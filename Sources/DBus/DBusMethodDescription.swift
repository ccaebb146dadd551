/// One method of an interface: its name, arguments, reply, and what it does.
public struct DBusMethodDescription: Hashable, Sendable {
    public let name: MemberName
    public let arguments: [DBusArgumentDescription]
    public let reply: [DBusArgumentDescription]
    /// What the method does, in sentences (introspection carries it as a comment).
    public let documentation: String

    public init(
        _ name: MemberName, arguments: [DBusArgumentDescription], reply: [DBusArgumentDescription] = [],
        documentation: String
    ) {
        self.name = name
        self.arguments = arguments
        self.reply = reply
        self.documentation = documentation
    }

    /// The signature a call's body must have: the arguments' types in order.
    public var argumentSignature: String { arguments.map(\.type).joined() }

    /// The signature of the reply's body.
    public var replySignature: String { reply.map(\.type).joined() }
}

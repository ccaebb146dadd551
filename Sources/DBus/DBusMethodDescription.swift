/// One method of an interface: its name, arguments, reply, and what it does.
public struct DBusMethodDescription: Hashable, Sendable {
    /// The method's name, such as `Notify`.
    public let name: MemberName
    /// The arguments a call passes, in order.
    public let arguments: [DBusArgumentDescription]
    /// The values the reply carries, in order; empty for a method that returns nothing.
    public let reply: [DBusArgumentDescription]
    /// What the method does, in sentences (introspection carries it as a comment).
    public let documentation: String
    /// The most a call's arguments may hold, in bytes, or `nil` for no limit: each string, object
    /// path and signature counts its UTF-8 bytes, each other basic value its size on the wire (a
    /// byte 1, so an `ay` of 4 096 bytes counts 4 096; an int16 or uint16 2; a boolean, int32,
    /// uint32 or unix fd 4; an int64, uint64 or double 8), and containers only what they hold.
    /// An exported object refuses a larger call with `org.freedesktop.DBus.Error.LimitsExceeded`
    /// before reading its arguments (``DBusRefusedCall``).
    public let maximumArgumentBytes: Int?

    /// Describes the method `name`: what a call passes, what its reply carries, what it does,
    /// and how large its arguments may be.
    public init(
        _ name: MemberName, arguments: [DBusArgumentDescription], reply: [DBusArgumentDescription] = [],
        documentation: String, maximumArgumentBytes: Int? = nil
    ) {
        self.name = name
        self.arguments = arguments
        self.reply = reply
        self.documentation = documentation
        self.maximumArgumentBytes = maximumArgumentBytes
    }

    /// The signature a call's body must have: the arguments' types in order.
    public var argumentSignature: String { arguments.map(\.type).joined() }

    /// The signature of the reply's body.
    public var replySignature: String { reply.map(\.type).joined() }
}

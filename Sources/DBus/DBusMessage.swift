/// A D-Bus message: a method call, a reply, an error or a signal, with a typed body.
public struct DBusMessage: Sendable, Equatable {
    /// The four message types of the D-Bus specification.
    public enum Kind: Sendable, Equatable {
        /// A call of a method on an object.
        case methodCall
        /// A successful reply to a method call.
        case methodReturn
        /// An error reply to a method call.
        case error
        /// A signal, sent to its subscribers or to one destination.
        case signal
    }

    /// Which of the four message types this is.
    public var kind: Kind
    /// The serial the sender gave the message; 0 until it is sent.
    public var serial: UInt32 = 0
    /// For replies and errors, the serial of the call they answer.
    public var replySerial: UInt32?
    /// The unique name of the sending connection, filled in by the bus.
    public var sender: String?
    /// The bus name the message is sent to, or `nil` for a broadcast signal.
    public var destination: BusName?
    /// The object a call is made on or a signal is emitted from.
    public var path: ObjectPath?
    /// The interface of the called method or the emitted signal.
    public var interface: InterfaceName?
    /// The method or signal name.
    public var member: MemberName?
    /// For errors, the error name.
    public var errorName: ErrorName?
    /// For method calls: the caller does not want a reply.
    public var noReplyExpected = false
    /// The arguments.
    public var body: [DBusValue]

    /// The body's signature, e.g. `susssasa{sv}i`.
    public var bodySignature: String { body.map(\.signature.description).joined() }

    /// A message of type `kind` with the arguments `body` and no header fields set.
    public init(kind: Kind, body: [DBusValue] = []) {
        self.kind = kind
        self.body = body
    }

    /// A method call to `destination`.
    public static func methodCall(
        destination: BusName?,
        path: ObjectPath,
        interface: InterfaceName?,
        member: MemberName,
        body: [DBusValue] = []
    ) -> DBusMessage {
        var message = DBusMessage(kind: .methodCall, body: body)
        message.destination = destination
        message.path = path
        message.interface = interface
        message.member = member
        return message
    }

    /// A signal emitted from `path`; broadcast unless `destination` is set.
    public static func signal(
        path: ObjectPath,
        interface: InterfaceName,
        member: MemberName,
        destination: BusName? = nil,
        body: [DBusValue] = []
    ) -> DBusMessage {
        var message = DBusMessage(kind: .signal, body: body)
        message.path = path
        message.interface = interface
        message.member = member
        message.destination = destination
        return message
    }

    /// The reply to this method call carrying `body`.
    public func methodReturn(body: [DBusValue] = []) -> DBusMessage {
        var reply = DBusMessage(kind: .methodReturn, body: body)
        reply.replySerial = serial
        // try?: a sender that is no valid name gets no destination: the bus routes the reply by its serial
        reply.destination = sender.flatMap { try? BusName(validating: $0) }
        return reply
    }

    /// An error reply to this method call.
    public func errorReply(name: ErrorName, message text: String) -> DBusMessage {
        var reply = DBusMessage(kind: .error, body: [.string(text)])
        reply.replySerial = serial
        reply.errorName = name
        // try?: a sender that is no valid name gets no destination: the bus routes the reply by its serial
        reply.destination = sender.flatMap { try? BusName(validating: $0) }
        return reply
    }
}

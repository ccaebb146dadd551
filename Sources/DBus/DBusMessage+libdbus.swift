import CDBus

extension DBusMessage {
    /// Reads a libdbus message (its header only, with an empty body, unless `readingBody`); the
    /// caller keeps its reference.
    init(libdbusMessage message: OpaquePointer, readingBody: Bool = true) throws {
        let kind: Kind
        switch dbus_message_get_type(message) {
        case 1: kind = .methodCall
        case 2: kind = .methodReturn
        case 3: kind = .error
        case 4: kind = .signal
        default: throw DBusError(.unexpectedType, "message of unknown type \(dbus_message_get_type(message))")
        }
        self.init(kind: kind, body: readingBody ? try MessageBodyReader.read(message) : [])
        serial = dbus_message_get_serial(message)
        let replyTo = dbus_message_get_reply_serial(message)
        replySerial = replyTo == 0 ? nil : replyTo
        sender = dbus_message_get_sender(message).map { String(cString: $0) }
        destination = try dbus_message_get_destination(message).map { try BusName(validating: String(cString: $0)) }
        path = try dbus_message_get_path(message).map { try ObjectPath(validating: String(cString: $0)) }
        interface = try dbus_message_get_interface(message).map { try InterfaceName(validating: String(cString: $0)) }
        member = try dbus_message_get_member(message).map { try MemberName(validating: String(cString: $0)) }
        errorName = try dbus_message_get_error_name(message).map { try ErrorName(validating: String(cString: $0)) }
        noReplyExpected = dbus_message_get_no_reply(message) != 0
    }

    /// Builds a new libdbus message (a +1 reference the caller must `dbus_message_unref`).
    ///
    /// Every name is already validated by its type and the body is checked before libdbus sees it.
    func makeLibdbusMessage() throws -> OpaquePointer {
        try MessageBodyWriter.check(body: body)
        guard let message = dbus_message_new(Int32(kindCode)) else {
            throw DBusError(.invalidArgument, "libdbus could not allocate a message (out of memory)")
        }
        do {
            try fillHeader(message)
            try MessageBodyWriter.append(body, to: message)
            return message
        } catch {
            dbus_message_unref(message)
            throw error
        }
    }

    private var kindCode: Int {
        switch kind {
        case .methodCall: 1
        case .methodReturn: 2
        case .error: 3
        case .signal: 4
        }
    }

    private func fillHeader(_ message: OpaquePointer) throws {
        var ok = true
        if let destination {
            ok = ok && destination.rawValue.withCString { dbus_message_set_destination(message, $0) } != 0
        }
        if let path { ok = ok && path.rawValue.withCString { dbus_message_set_path(message, $0) } != 0 }
        if let interface { ok = ok && interface.rawValue.withCString { dbus_message_set_interface(message, $0) } != 0 }
        if let member { ok = ok && member.rawValue.withCString { dbus_message_set_member(message, $0) } != 0 }
        if let errorName { ok = ok && errorName.rawValue.withCString { dbus_message_set_error_name(message, $0) } != 0 }
        if let replySerial { ok = ok && dbus_message_set_reply_serial(message, replySerial) != 0 }
        if serial != 0 { dbus_message_set_serial(message, serial) }
        dbus_message_set_no_reply(message, noReplyExpected || kind != .methodCall ? 1 : 0)
        guard ok else { throw DBusError(.invalidArgument, "libdbus could not set the message header (out of memory)") }
        try checkRequiredHeader()
    }

    private func checkRequiredHeader() throws {
        switch kind {
        case .methodCall where path == nil || member == nil:
            throw DBusError(.invalidArgument, "a method call needs a path and a member")
        case .signal where path == nil || interface == nil || member == nil:
            throw DBusError(.invalidArgument, "a signal needs a path, an interface and a member")
        case .error where errorName == nil || replySerial == nil:
            throw DBusError(.invalidArgument, "an error needs an error name and a reply serial")
        case .methodReturn where replySerial == nil:
            throw DBusError(.invalidArgument, "a method return needs a reply serial")
        default:
            break
        }
    }

    /// The message in D-Bus wire format (little-endian, as libdbus writes it).
    ///
    /// A message that was never given a serial is written with serial 1 (0 is not valid on the wire).
    public func marshalled() throws -> [UInt8] {
        var numbered = self
        if numbered.serial == 0 { numbered.serial = 1 }
        let message = try numbered.makeLibdbusMessage()
        defer { dbus_message_unref(message) }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(message, &buffer, &length) != 0, let buffer else {
            throw DBusError(.invalidArgument, "libdbus could not marshal the message")
        }
        defer { dbus_free(buffer) }
        return UnsafeRawBufferPointer(start: buffer, count: Int(length)).map { $0 }
    }

    /// Decodes a message from D-Bus wire format.
    ///
    /// - Throws: ``DBusError`` with code `.invalidArgument` when the bytes are not a valid message.
    public init(marshalled bytes: [UInt8]) throws {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let message = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                dbus_message_demarshal(chars.baseAddress, Int32(chars.count), &error)
            }
        }
        guard let message else {
            let reason = error.message.map { String(cString: $0) } ?? "not a D-Bus message"
            throw DBusError(.invalidArgument, "cannot decode D-Bus message: \(reason)")
        }
        defer { dbus_message_unref(message) }
        try self.init(libdbusMessage: message)
    }
}

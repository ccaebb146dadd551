import CDBus

/// Calls over their method's argument limit, refused before their body is read.
extension LibdbusConnectionCore {
    /// The error reply for a method call whose arguments are over the limit its object gave
    /// (``DBusMethodDescription/maximumArgumentBytes``), or `nil` when the call is within it
    /// (or has no limit). The body is measured in place; only the header is read. The object's
    /// observer, when it gave one, is told of each refusal (``DBusRefusedCall``).
    func refusalOfOversizedCall(_ libdbusMessage: OpaquePointer) -> DBusMessage? {
        guard let path = dbus_message_get_path(libdbusMessage),
            let member = dbus_message_get_member(libdbusMessage),
            let limits = argumentLimits[String(cString: path)]
        else { return nil }
        let name = String(cString: member)
        guard let limit = limits[name] else { return nil }
        let counted = MessageBodyReader.measure(libdbusMessage, stoppingAbove: limit)
        guard counted > limit,
            // try?: a call whose header cannot be read is refused by the router below instead
            let header = try? DBusMessage(libdbusMessage: libdbusMessage, readingBody: false)
        else { return nil }
        refusalObservers[String(cString: path)]?(
            DBusRefusedCall(
                path: String(cString: path),
                interface: dbus_message_get_interface(libdbusMessage).map { String(cString: $0) },
                member: name, sender: dbus_message_get_sender(libdbusMessage).map { String(cString: $0) }, limit: limit,
                countedBytes: counted, expectsReply: dbus_message_get_no_reply(libdbusMessage) == 0))
        return header.errorReply(
            name: .limitsExceeded,
            message: "\(name) takes at most \(limit) bytes of arguments; this call has more (\(counted) counted)")
    }
}

import DBus
import FreedesktopNotifications
import FuzzSupport

// A D-Bus message off the wire: bytes → dbus_message_demarshal → DBusMessage (header names
// validated, body read by MessageBodyReader), then read as a Notify call (as a server does),
// a server signal and hints (as the client does). A decoded message must marshal again, and
// marshalling is stable: decode(encode(m)) encodes to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDBusMessage(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let message = try? DBusMessage(marshalled: fuzzBytes(bytes, count)) else { return 0 }
    _ = ServerEvent(signal: message)
    _ = try? NotifyRequest(arguments: message.body)
    for value in message.body {
        if let hints = try? [String: DBusVariant](dbusValue: value) { _ = NotificationHints(wire: hints) }
    }
    do {
        let first = try message.marshalled()
        let second = try DBusMessage(marshalled: first).marshalled()
        fuzzInvariant(first == second, "re-marshalling a decoded message changed its bytes")
    } catch {
        fuzzInvariant(false, "a decoded message does not marshal and decode again: \(error)")
    }
    return 0
}

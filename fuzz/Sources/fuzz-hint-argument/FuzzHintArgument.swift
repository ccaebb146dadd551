import DBus
import FreedesktopNotifications
import FuzzSupport

// `unotify send -h TYPE:NAME:VALUE` (and so GVariant text): text → HintArgument → the hints
// dictionary of a Notify call, marshalled as it would be sent. A message that was marshalled
// must decode again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHintArgument(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = fuzzText(bytes, count)
    _ = try? GVariantText.parse(text)
    guard let hint = try? HintArgument(parsing: text) else { return 0 }
    let hints = DBusValue.dictionary(
        key: .string, value: .variant,
        [DBusDictionaryEntry(key: .string(hint.key), value: .variant(hint.value))])
    let call = DBusMessage.methodCall(
        destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
        interface: "org.freedesktop.Notifications", member: "Notify", body: [hints])
    guard let wire = try? call.marshalled() else { return 0 }
    do {
        _ = try DBusMessage(marshalled: wire)
    } catch {
        fuzzInvariant(false, "a marshalled Notify call does not decode: \(error)")
    }
    return 0
}

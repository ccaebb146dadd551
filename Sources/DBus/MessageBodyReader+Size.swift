import CDBus
import Glibc

extension MessageBodyReader {
    /// Whether the body of `message` holds more than `limit` bytes: each string, object path and
    /// signature counts its UTF-8 bytes, each number and boolean 8. Found without copying any
    /// value, and stopping as soon as the count is over, so a huge call costs no memory.
    static func exceeds(_ message: OpaquePointer, limit: Int) -> Bool {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(message, &iter) != 0 else { return false }
        var total = 0
        return !add(&iter, to: &total, limit: limit)
    }

    /// Adds the sizes of the values from `iter` to the end of its container to `total`;
    /// `false` once `total` is over `limit`.
    private static func add(_ iter: inout DBusMessageIter, to total: inout Int, limit: Int) -> Bool {
        repeat {
            let type = dbus_message_iter_get_arg_type(&iter)
            switch type {
            case TypeCode.invalid:
                return true
            case TypeCode.string, TypeCode.objectPath, TypeCode.signature:
                var pointer: UnsafePointer<CChar>?
                dbus_message_iter_get_basic(&iter, &pointer)
                total += pointer.map { strnlen($0, max(0, limit - total) + 1) } ?? 0
            case TypeCode.variant, TypeCode.structure, TypeCode.array, TypeCode.dictEntry:
                var sub = DBusMessageIter()
                dbus_message_iter_recurse(&iter, &sub)
                guard add(&sub, to: &total, limit: limit) else { return false }
            default:
                total += 8
            }
            if total > limit { return false }
        } while dbus_message_iter_next(&iter) != 0
        return true
    }
}

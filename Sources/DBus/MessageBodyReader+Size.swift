import CDBus
import Glibc

extension MessageBodyReader {
    /// The bytes the arguments of `message` hold, as a method's argument limit counts them
    /// (``DBusMethodDescription/maximumArgumentBytes``): each basic value its size on the wire (a
    /// byte 1; an int16 or uint16 2; a boolean, int32, uint32 or unix fd 4; an int64, uint64 or
    /// double 8), each string, object path and signature its UTF-8 bytes; a container adds only
    /// what it holds (no length, padding or type). An array of fixed-size values (`ay`, `ai`, …)
    /// is counted from its length, not element by element.
    ///
    /// Nothing is copied, and the count stops once it is over `limit`: for a larger body the
    /// answer is some number over `limit` (a string is counted only up to it), not its size, so a
    /// huge call costs neither memory nor a walk through all of it.
    static func measure(_ message: OpaquePointer, stoppingAbove limit: Int) -> Int {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(message, &iter) != 0 else { return 0 }
        var total = 0
        _ = add(&iter, to: &total, limit: limit)
        return total
    }

    /// The size on the wire of a value of the fixed-size basic type `type`; `nil` for any other
    /// type (strings, containers).
    static func fixedSize(of type: Int32) -> Int? {
        switch type {
        case TypeCode.byte: 1
        case TypeCode.int16, TypeCode.uint16: 2
        case TypeCode.boolean, TypeCode.int32, TypeCode.uint32, TypeCode.unixFD: 4
        case TypeCode.int64, TypeCode.uint64, TypeCode.double: 8
        default: nil
        }
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
                // One byte past the room left is enough to be over (and `Int.max` cannot grow).
                let room = max(0, limit - total)
                total += pointer.map { strnlen($0, room == Int.max ? room : room + 1) } ?? 0
            case TypeCode.array:
                if let size = fixedSize(of: dbus_message_iter_get_element_type(&iter)) {
                    // O(1) for fixed-size elements: libdbus divides the array's length.
                    total += Int(dbus_message_iter_get_element_count(&iter)) * size
                } else {
                    guard addContents(of: &iter, to: &total, limit: limit) else { return false }
                }
            case TypeCode.variant, TypeCode.structure, TypeCode.dictEntry:
                guard addContents(of: &iter, to: &total, limit: limit) else { return false }
            default:
                total += fixedSize(of: type) ?? 0
            }
            if total > limit { return false }
        } while dbus_message_iter_next(&iter) != 0
        return true
    }

    /// Adds the sizes of the values inside the container `iter` points at; `false` once `total`
    /// is over `limit`.
    private static func addContents(of iter: inout DBusMessageIter, to total: inout Int, limit: Int) -> Bool {
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &sub)
        return add(&sub, to: &total, limit: limit)
    }
}

import CDBus

/// Reads a libdbus message body into ``DBusValue``s through `DBusMessageIter`.
enum MessageBodyReader {
    static func read(_ message: OpaquePointer) throws -> [DBusValue] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(message, &iter) != 0 else { return [] }
        var values: [DBusValue] = []
        repeat {
            values.append(try readValue(&iter))
        } while dbus_message_iter_next(&iter) != 0
        return values
    }

    private static func readValue(_ iter: inout DBusMessageIter) throws -> DBusValue {
        let type = dbus_message_iter_get_arg_type(&iter)
        switch type {
        case TypeCode.byte: return .byte(basic(&iter, UInt8(0)))
        case TypeCode.boolean: return .boolean(basic(&iter, dbus_bool_t(0)) != 0)
        case TypeCode.int16: return .int16(basic(&iter, Int16(0)))
        case TypeCode.uint16: return .uint16(basic(&iter, UInt16(0)))
        case TypeCode.int32: return .int32(basic(&iter, Int32(0)))
        case TypeCode.uint32: return .uint32(basic(&iter, UInt32(0)))
        case TypeCode.int64: return .int64(basic(&iter, Int64(0)))
        case TypeCode.uint64: return .uint64(basic(&iter, UInt64(0)))
        case TypeCode.double: return .double(basic(&iter, Double(0)))
        case TypeCode.string: return .string(string(&iter))
        case TypeCode.objectPath: return .objectPath(try ObjectPath(validating: string(&iter)))
        case TypeCode.signature: return .signature(try DBusSignature(parsing: string(&iter)))
        case TypeCode.variant:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .variant(try readValue(&sub))
        case TypeCode.structure:
            return .structure(try readChildren(&iter))
        case TypeCode.array:
            return try readArray(&iter)
        case TypeCode.unixFD:
            throw DBusError(.unexpectedType, "unix file descriptors ('h') are not supported")
        default:
            throw DBusError(.unexpectedType, "unknown D-Bus type code \(type)")
        }
    }

    private static func readArray(_ iter: inout DBusMessageIter) throws -> DBusValue {
        guard case .array(let element)? = try signature(of: &iter) else {
            if case .dictionary(let key, let value)? = try signature(of: &iter) {
                var entries: [DBusDictionaryEntry] = []
                for entry in try readChildren(&iter) {
                    guard case .structure(let pair) = entry, pair.count == 2 else {
                        throw DBusError(.unexpectedType, "malformed dictionary entry")
                    }
                    entries.append(DBusDictionaryEntry(key: pair[0], value: pair[1]))
                }
                return .dictionary(key: key, value: value, entries)
            }
            throw DBusError(.unexpectedType, "array with an unreadable signature")
        }
        if element == .byte {
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            var pointer: UnsafeMutableRawPointer?
            var count: Int32 = 0
            dbus_message_iter_get_fixed_array(&sub, &pointer, &count)
            let buffer = UnsafeRawBufferPointer(start: pointer, count: Int(count))
            return .array(element: .byte, buffer.map { .byte($0) })
        }
        return .array(element: element, try readChildren(&iter))
    }

    /// Reads every value inside the container at `iter`; dictionary entries come back as 2-field structures.
    private static func readChildren(_ iter: inout DBusMessageIter) throws -> [DBusValue] {
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &sub)
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&sub) != TypeCode.invalid {
            if dbus_message_iter_get_arg_type(&sub) == TypeCode.dictEntry {
                values.append(.structure(try readChildren(&sub)))
            } else {
                values.append(try readValue(&sub))
            }
            dbus_message_iter_next(&sub)
        }
        return values
    }

    private static func signature(of iter: inout DBusMessageIter) throws -> DBusSignature? {
        guard let raw = dbus_message_iter_get_signature(&iter) else { return nil }
        defer { dbus_free(raw) }
        return try DBusSignature(parsing: String(cString: raw))
    }

    private static func basic<T: BitwiseCopyable>(_ iter: inout DBusMessageIter, _ initial: T) -> T {
        var value = initial
        dbus_message_iter_get_basic(&iter, &value)
        return value
    }

    private static func string(_ iter: inout DBusMessageIter) -> String {
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iter, &pointer)
        return pointer.map { String(cString: $0) } ?? ""
    }
}

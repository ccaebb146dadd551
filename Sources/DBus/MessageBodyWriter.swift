import CDBus

/// Appends ``DBusValue``s to a libdbus message through `DBusMessageIter`.
///
/// Everything is checked before libdbus sees it (libdbus aborts on bad input): strings may not
/// hold NUL bytes, and container elements must match their declared signature.
enum MessageBodyWriter {
    static func append(_ values: [DBusValue], to message: OpaquePointer) throws {
        for value in values { try check(value) }
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(message, &iter)
        for value in values {
            guard append(value, to: &iter) else { throw outOfMemory() }
        }
    }

    /// Verifies the whole value tree so that appending cannot fail half-way on bad input.
    static func check(_ value: DBusValue) throws {
        switch value {
        case .string(let text):
            guard !text.utf8.contains(0) else {
                throw DBusError(.invalidArgument, "a D-Bus string cannot contain a NUL byte: \"\(text)\"")
            }
        case .array(let element, let values):
            for item in values {
                guard item.signature == element else {
                    throw DBusError(.invalidArgument, "array of '\(element)' holds a value of type '\(item.signature)'")
                }
                try check(item)
            }
        case .dictionary(let key, let valueType, let entries):
            guard key.isBasic else { throw DBusError(.invalidArgument, "dictionary key type '\(key)' is not basic") }
            for entry in entries {
                guard entry.key.signature == key, entry.value.signature == valueType else {
                    throw DBusError(
                        .invalidArgument,
                        "dictionary 'a{\(key)\(valueType)}' holds an entry of types '\(entry.key.signature)', '\(entry.value.signature)'"
                    )
                }
                try check(entry.key)
                try check(entry.value)
            }
        case .structure(let fields):
            guard !fields.isEmpty else { throw DBusError(.invalidArgument, "a D-Bus structure needs at least one field") }
            for field in fields { try check(field) }
        case .variant(let inner):
            try check(inner)
        default:
            break
        }
    }

    private static func append(_ value: DBusValue, to iter: inout DBusMessageIter) -> Bool {
        switch value {
        case .byte(let v): return appendBasic(v, TypeCode.byte, &iter)
        case .boolean(let v): return appendBasic(dbus_bool_t(v ? 1 : 0), TypeCode.boolean, &iter)
        case .int16(let v): return appendBasic(v, TypeCode.int16, &iter)
        case .uint16(let v): return appendBasic(v, TypeCode.uint16, &iter)
        case .int32(let v): return appendBasic(v, TypeCode.int32, &iter)
        case .uint32(let v): return appendBasic(v, TypeCode.uint32, &iter)
        case .int64(let v): return appendBasic(v, TypeCode.int64, &iter)
        case .uint64(let v): return appendBasic(v, TypeCode.uint64, &iter)
        case .double(let v): return appendBasic(v, TypeCode.double, &iter)
        case .string(let v): return appendString(v, TypeCode.string, &iter)
        case .objectPath(let v): return appendString(v.rawValue, TypeCode.objectPath, &iter)
        case .signature(let v): return appendString(v.description, TypeCode.signature, &iter)
        case .array(let element, let values):
            return appendContainer(TypeCode.array, element.description, &iter) { sub in
                values.allSatisfy { append($0, to: &sub) }
            }
        case .dictionary(let key, let valueType, let entries):
            return appendContainer(TypeCode.array, "{\(key)\(valueType)}", &iter) { sub in
                entries.allSatisfy { entry in
                    appendContainer(TypeCode.dictEntry, nil, &sub) { pair in
                        append(entry.key, to: &pair) && append(entry.value, to: &pair)
                    }
                }
            }
        case .structure(let fields):
            return appendContainer(TypeCode.structure, nil, &iter) { sub in
                fields.allSatisfy { append($0, to: &sub) }
            }
        case .variant(let inner):
            return appendContainer(TypeCode.variant, inner.signature.description, &iter) { sub in
                append(inner, to: &sub)
            }
        }
    }

    private static func appendBasic<T: BitwiseCopyable>(_ value: T, _ type: Int32, _ iter: inout DBusMessageIter) -> Bool {
        var copy = value
        return dbus_message_iter_append_basic(&iter, type, &copy) != 0
    }

    /// libdbus wants a pointer *to* a `const char *` for string-like types.
    private static func appendString(_ value: String, _ type: Int32, _ iter: inout DBusMessageIter) -> Bool {
        value.withCString { pointer in
            var cString: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(&iter, type, &cString) != 0
        }
    }

    private static func appendContainer(
        _ type: Int32,
        _ contained: String?,
        _ iter: inout DBusMessageIter,
        _ body: (inout DBusMessageIter) -> Bool
    ) -> Bool {
        var sub = DBusMessageIter()
        let opened: dbus_bool_t
        if let contained {
            opened = contained.withCString { dbus_message_iter_open_container(&iter, type, $0, &sub) }
        } else {
            opened = dbus_message_iter_open_container(&iter, type, nil, &sub)
        }
        guard opened != 0 else { return false }
        guard body(&sub) else {
            dbus_message_iter_abandon_container(&iter, &sub)
            return false
        }
        return dbus_message_iter_close_container(&iter, &sub) != 0
    }

    private static func outOfMemory() -> DBusError {
        DBusError(.invalidArgument, "libdbus could not append the message body (out of memory)")
    }
}

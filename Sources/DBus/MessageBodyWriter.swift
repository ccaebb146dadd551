import CDBus

/// Appends ``DBusValue``s to a libdbus message through `DBusMessageIter`.
///
/// Everything is checked before libdbus sees it (libdbus aborts on bad input): strings may not
/// hold NUL bytes, and container elements must match their declared signature.
enum MessageBodyWriter {
    static func append(_ values: [DBusValue], to message: OpaquePointer) throws {
        try check(body: values)
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(message, &iter)
        for value in values {
            guard append(value, to: &iter) else { throw outOfMemory() }
        }
    }

    /// The deepest container nesting D-Bus reads, variants included.
    static let maximumDepth = 64

    /// Checks every argument (``check(_:depth:)``) and the body's whole signature, which D-Bus
    /// limits to 255 bytes.
    static func check(body values: [DBusValue]) throws {
        var length = 0
        for value in values {
            let signature = value.signature
            try checkSignature(signature)
            try check(value)
            length += signature.textLength
        }
        guard length <= DBusSignature.maximumLength else {
            throw DBusError(
                .invalidArgument,
                "the message's arguments have a signature of \(length) bytes; "
                    + "D-Bus allows \(DBusSignature.maximumLength): send fewer arguments, or group them in an array")
        }
    }

    /// Verifies the whole value tree so that appending cannot fail half-way on bad input, and
    /// that no type in it (a variant's, a signature value) is beyond D-Bus's limits. `depth`:
    /// the containers around `value`.
    static func check(_ value: DBusValue, depth: Int = 0) throws {
        let inner = depth + 1
        switch value {
        case .array, .dictionary, .structure, .variant:
            guard inner <= maximumDepth else {
                throw DBusError(.invalidArgument, "values nest deeper than D-Bus's \(maximumDepth) containers")
            }
        default:
            break
        }
        switch value {
        case .string(let text):
            guard !text.utf8.contains(0) else {
                throw DBusError(.invalidArgument, "a D-Bus string cannot contain a NUL byte: \"\(text)\"")
            }
        case .signature(let signature):
            try checkSignature(signature)
        case .array(let element, let values):
            for item in values {
                guard item.signature == element else {
                    throw DBusError(.invalidArgument, "array of '\(element)' holds a value of type '\(item.signature)'")
                }
                try check(item, depth: inner)
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
                try check(entry.key, depth: inner + 1)
                try check(entry.value, depth: inner + 1)
            }
        case .structure(let fields):
            guard !fields.isEmpty else {
                throw DBusError(.invalidArgument, "a D-Bus structure needs at least one field")
            }
            for field in fields { try check(field, depth: inner) }
        case .variant(let contained):
            try checkSignature(contained.signature)
            try check(contained, depth: inner)
        default:
            break
        }
    }

    private static func checkSignature(_ signature: DBusSignature) throws {
        if let problem = signature.wireLimitProblem {
            throw DBusError(.invalidArgument, "the D-Bus type '\(signature)' \(problem)")
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

    private static func appendBasic<T: BitwiseCopyable>(_ value: T, _ type: Int32, _ iter: inout DBusMessageIter)
        -> Bool
    {
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

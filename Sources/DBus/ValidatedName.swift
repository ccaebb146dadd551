import CDBus

/// A D-Bus name or path that has been checked by libdbus's own validator.
///
/// libdbus aborts the process when it is handed an invalid name, path or member, so every such
/// value passes through this type first. Use the aliases: ``ObjectPath``, ``BusName``,
/// ``InterfaceName``, ``MemberName``, ``ErrorName``.
public struct ValidatedName<Kind: ValidatedNameKind>: Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The text form.
    public let rawValue: String

    /// Validates `string`.
    ///
    /// - Throws: ``DBusError`` with code `.invalidArgument` naming what is wrong.
    public init(validating string: String) throws {
        guard !string.utf8.contains(0) else {
            throw DBusError(.invalidArgument, "\(Kind.kindName) \"\(string)\" contains a NUL byte")
        }
        if let reason = Kind.validationFailure(for: string) {
            throw DBusError(.invalidArgument, "invalid \(Kind.kindName) \"\(string)\": \(reason)")
        }
        rawValue = string
    }

    /// Creates a value from a literal known to be valid; an invalid literal is a programming error.
    public init(stringLiteral value: String) {
        do {
            try self.init(validating: value)
        } catch {
            preconditionFailure("invalid \(Kind.kindName) literal: \(error)")
        }
    }

    /// The name as text.
    public var description: String { rawValue }
}

/// The kinds of name that ``ValidatedName`` checks, each with its libdbus validator.
public protocol ValidatedNameKind: Sendable {
    /// The kind in words, for error messages: "object path", "bus name".
    static var kindName: String { get }
    /// Why `text` is not a valid name of this kind, or `nil` when it is valid.
    static func validationFailure(for text: String) -> String?
}

/// An object path such as `/org/freedesktop/DBus`.
public typealias ObjectPath = ValidatedName<ObjectPathKind>
/// A unique (`:1.42`) or well-known (`org.freedesktop.DBus`) bus name.
public typealias BusName = ValidatedName<BusNameKind>
/// An interface name such as `org.freedesktop.DBus.Peer`.
public typealias InterfaceName = ValidatedName<InterfaceNameKind>
/// A method or signal name such as `Notify`.
public typealias MemberName = ValidatedName<MemberNameKind>
/// An error name such as `org.freedesktop.DBus.Error.Failed`.
public typealias ErrorName = ValidatedName<ErrorNameKind>

/// The rules of object paths (`/org/freedesktop/Notifications`), checked with libdbus's `dbus_validate_path`.
public enum ObjectPathKind: ValidatedNameKind {
    public static let kindName = "object path"
    public static func validationFailure(for text: String) -> String? {
        libdbusValidationFailure(text, dbus_validate_path)
    }
}

/// The rules of bus names (`org.freedesktop.Notifications`, `:1.42`), checked with libdbus's `dbus_validate_bus_name`.
public enum BusNameKind: ValidatedNameKind {
    public static let kindName = "bus name"
    public static func validationFailure(for text: String) -> String? {
        libdbusValidationFailure(text, dbus_validate_bus_name)
    }
}

/// The rules of interface names, checked with libdbus's `dbus_validate_interface`.
public enum InterfaceNameKind: ValidatedNameKind {
    public static let kindName = "interface name"
    public static func validationFailure(for text: String) -> String? {
        libdbusValidationFailure(text, dbus_validate_interface)
    }
}

/// The rules of method and signal names, checked with libdbus's `dbus_validate_member`.
public enum MemberNameKind: ValidatedNameKind {
    public static let kindName = "member name"
    public static func validationFailure(for text: String) -> String? {
        libdbusValidationFailure(text, dbus_validate_member)
    }
}

/// The rules of error names, checked with libdbus's `dbus_validate_error_name`.
public enum ErrorNameKind: ValidatedNameKind {
    public static let kindName = "error name"
    public static func validationFailure(for text: String) -> String? {
        libdbusValidationFailure(text, dbus_validate_error_name)
    }
}

/// Runs one of libdbus's `dbus_validate_*` functions and returns its complaint, if any.
func libdbusValidationFailure(
    _ text: String,
    _ validator: (UnsafePointer<CChar>?, UnsafeMutablePointer<CDBus.DBusError>?) -> dbus_bool_t
) -> String? {
    var error = CDBus.DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    guard text.withCString({ validator($0, &error) }) == 0 else { return nil }
    return error.message.map { String(cString: $0) } ?? "not valid"
}

/// The standard error names of `org.freedesktop.DBus.Error`, those this project sends or
/// tells apart, so that no layer above spells them.
extension ErrorName {
    /// A generic failure.
    public static let failed: ErrorName = "org.freedesktop.DBus.Error.Failed"
    /// Nobody owns the name and nothing can be activated for it.
    public static let serviceUnknown: ErrorName = "org.freedesktop.DBus.Error.ServiceUnknown"
    /// Nobody owns the name (`GetNameOwner`).
    public static let nameHasNoOwner: ErrorName = "org.freedesktop.DBus.Error.NameHasNoOwner"
    /// The object has no such interface.
    public static let unknownInterface: ErrorName = "org.freedesktop.DBus.Error.UnknownInterface"
    /// The interface has no such method.
    public static let unknownMethod: ErrorName = "org.freedesktop.DBus.Error.UnknownMethod"
    /// The arguments do not have the method's signature.
    public static let invalidArgs: ErrorName = "org.freedesktop.DBus.Error.InvalidArgs"
    /// The caller may not make this call.
    public static let accessDenied: ErrorName = "org.freedesktop.DBus.Error.AccessDenied"
    /// A call larger than the method accepts (``DBusMethodDescription/maximumArgumentBytes``).
    public static let limitsExceeded: ErrorName = "org.freedesktop.DBus.Error.LimitsExceeded"
}

extension DBusError {
    /// An error reply named `name`, saying `message`.
    public init(_ name: ErrorName, _ message: String) {
        self.init(.remote, message, name: name.rawValue)
    }

    /// Whether this is an error reply named `name`.
    public func isNamed(_ name: ErrorName) -> Bool { self.name == name.rawValue }

    /// Whether the bus failed to start the destination by D-Bus activation: its service file is
    /// there, but the program could not run or exited (`org.freedesktop.DBus.Error.Spawn.*`).
    public var isActivationFailure: Bool { name?.hasPrefix("org.freedesktop.DBus.Error.Spawn.") == true }
}

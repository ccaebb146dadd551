/// One argument of a method or signal in an interface description: its name and its single
/// complete D-Bus type, as introspection data lists it (`<arg name="app" type="s"/>`).
public struct DBusArgumentDescription: Hashable, Sendable {
    /// The argument's name, shown in introspection data and documentation.
    public let name: String
    /// One complete type, such as `s` or `a{sv}`.
    public let type: String

    /// Describes an argument named `name` of the single complete type `type`.
    public init(_ name: String, _ type: String) {
        self.name = name
        self.type = type
    }
}

/// `org.freedesktop.DBus.Properties`, the standard interface through which objects offer
/// properties.
extension DBusConnection {
    /// The standard properties interface.
    public static let propertiesInterface: InterfaceName = "org.freedesktop.DBus.Properties"

    /// The value of `property` of `interface` on the object at `path` of `destination`
    /// (`Properties.Get`), unwrapped from its variant.
    public func property(
        _ property: String, of interface: InterfaceName, at path: ObjectPath, on destination: BusName,
        timeout: Duration = defaultTimeout
    ) async throws -> DBusValue {
        let reply = try await call(
            .methodCall(
                destination: destination, path: path, interface: Self.propertiesInterface, member: "Get",
                body: [.string(interface.rawValue), .string(property)]), timeout: timeout)
        guard reply.body.count == 1, case .variant(let value) = reply.body[0] else {
            throw DBusError(.unexpectedType, "Properties.Get returned '\(reply.bodySignature)', expected 'v'")
        }
        return value
    }
}

/// Checks each method call to an exported object against the interfaces it implements, and
/// answers `Introspect` itself; what it passes on is a call of a method it describes, with
/// arguments of exactly that method's signature.
struct DBusObjectRouter: Sendable {
    static let introspectable: InterfaceName = "org.freedesktop.DBus.Introspectable"

    let path: ObjectPath
    let interfaces: [DBusInterfaceDescription]
    let introspectionXML: String

    init(path: ObjectPath, interfaces: [DBusInterfaceDescription]) {
        self.path = path
        self.interfaces = interfaces
        introspectionXML = DBusIntrospection.xml(path: path, interfaces: interfaces)
    }

    /// The reply's body when the router answers `message` itself (introspection), nil when the
    /// handler should; throws the standard D-Bus error for a call that matches no method.
    func answer(_ message: DBusMessage) throws -> [DBusValue]? {
        let member = message.member?.rawValue ?? ""
        let given = message.bodySignature
        let interface = message.interface
        if interface == Self.introspectable || (interface == nil && member == "Introspect" && method(member) == nil) {
            guard member == "Introspect" else { throw Self.unknownMethod(member, in: Self.introspectable.rawValue) }
            guard given.isEmpty else { throw Self.invalidArguments(member, expected: "", given: given) }
            return [.string(introspectionXML)]
        }
        let method: DBusMethodDescription
        if let interface {
            guard let described = interfaces.first(where: { $0.name == interface }) else {
                let names = interfaces.map(\.name.rawValue).joined(separator: ", ")
                throw DBusError(.unknownInterface, "\(path) has no interface \(interface); its methods are on \(names)")
            }
            guard let found = described.method(member) else { throw Self.unknownMethod(member, in: interface.rawValue) }
            method = found
        } else {
            guard let found = self.method(member) else {
                throw Self.unknownMethod(member, in: interfaces.map(\.name.rawValue).joined(separator: ", "))
            }
            method = found
        }
        guard given == method.argumentSignature else {
            throw Self.invalidArguments(member, expected: method.argumentSignature, given: given)
        }
        return nil
    }

    private func method(_ name: String) -> DBusMethodDescription? {
        interfaces.lazy.compactMap { $0.method(name) }.first
    }

    private static func unknownMethod(_ member: String, in interface: String) -> DBusError {
        DBusError(.unknownMethod, "\(interface) has no method \(printable(member))")
    }

    private static func invalidArguments(_ member: String, expected: String, given: String) -> DBusError {
        DBusError(.invalidArgs, "\(member) takes arguments of signature (\(expected)), not (\(printable(given)))")
    }

    /// `text` quoted for an error message, cut at 100 characters.
    private static func printable(_ text: String) -> String {
        text.count > 100 ? "\"\(text.prefix(100))…\"" : "\"\(text)\""
    }
}

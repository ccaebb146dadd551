/// A D-Bus match rule: which signals a subscription receives.
///
/// The bus uses the rule to route broadcast signals; the connection applies it again locally,
/// so a subscription only sees what it asked for (unicast signals reach a connection whatever
/// its rules say). A `sender` that is a unique name (`:1.42`) is checked locally as well, so a
/// look-alike signal from another connection is dropped.
public struct MatchRule: Sendable, Hashable, CustomStringConvertible {
    /// The sender the signal must come from: a well-known or a unique name.
    public var sender: BusName?
    /// The object the signal must be emitted from.
    public var path: ObjectPath?
    /// The interface the signal must belong to.
    public var interface: InterfaceName?
    /// The signal's name.
    public var member: MemberName?
    /// The first argument must be this string (e.g. the name in `NameOwnerChanged`).
    public var arg0: String?
    /// The first argument must be this bus name or a name below it (`arg0namespace`: the
    /// namespace `org.example` matches `org.example` and `org.example.Service`, not `org.examples`).
    public var arg0Namespace: String?

    /// A rule matching signals with every given field; a `nil` field matches anything.
    public init(
        sender: BusName? = nil,
        path: ObjectPath? = nil,
        interface: InterfaceName? = nil,
        member: MemberName? = nil,
        arg0: String? = nil,
        arg0Namespace: String? = nil
    ) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arg0 = arg0
        self.arg0Namespace = arg0Namespace
    }

    /// The rule in the bus's text form, e.g. `type='signal',interface='org.example.Service'`.
    public var description: String {
        var parts = ["type='signal'"]
        if let sender { parts.append("sender='\(sender)'") }
        if let path { parts.append("path='\(path)'") }
        if let interface { parts.append("interface='\(interface)'") }
        if let member { parts.append("member='\(member)'") }
        if let arg0 { parts.append("arg0='\(Self.escape(arg0))'") }
        if let arg0Namespace { parts.append("arg0namespace='\(Self.escape(arg0Namespace))'") }
        return parts.joined(separator: ",")
    }

    /// Whether a received signal satisfies this rule.
    public func matches(_ message: DBusMessage) -> Bool {
        guard message.kind == .signal else { return false }
        if let sender, sender.rawValue.hasPrefix(":"), message.sender != sender.rawValue { return false }
        if let path, message.path != path { return false }
        if let interface, message.interface != interface { return false }
        if let member, message.member != member { return false }
        if let arg0 {
            guard case .string(let first)? = message.body.first, first == arg0 else { return false }
        }
        if let arg0Namespace {
            guard case .string(let first)? = message.body.first,
                first == arg0Namespace || first.hasPrefix(arg0Namespace + ".")
            else { return false }
        }
        return true
    }

    /// Match-rule values are quoted with `'`; a quote inside is written `'\''`.
    private static func escape(_ value: String) -> String {
        value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
    }
}

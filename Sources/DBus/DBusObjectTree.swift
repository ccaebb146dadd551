/// The nodes between the root and a connection's exported objects: `/`, `/org`, … of an
/// object at `/org/example/Thing`. Each answers `org.freedesktop.DBus.Introspectable.Introspect`
/// with the names of its child nodes, so that `busctl tree` and `gdbus introspect --recurse`
/// find every exported object from the root.
enum DBusObjectTree {
    /// The introspection XML for `message` when it is an `Introspect` call to a node that is an
    /// ancestor of one of the `exported` paths; nil for any other message or path.
    static func introspection(of message: DBusMessage, exported: some Sequence<String>) -> String? {
        guard message.kind == .methodCall, message.member?.rawValue == "Introspect",
            message.interface == nil || message.interface == DBusObjectRouter.introspectable,
            message.bodySignature.isEmpty, let path = message.path
        else { return nil }
        let nodes = children(of: path.rawValue, exported: exported)
        guard !nodes.isEmpty else { return nil }
        return DBusIntrospection.xml(path: path, interfaces: [], children: nodes)
    }

    /// The names of the nodes directly under `path` that lead to one of `exported`, sorted.
    static func children(of path: String, exported: some Sequence<String>) -> [String] {
        let prefix = path.hasSuffix("/") ? path : path + "/"
        var names: Set<String> = []
        for candidate in exported where candidate.count > prefix.count && candidate.hasPrefix(prefix) {
            if let first = candidate.dropFirst(prefix.count).split(separator: "/").first { names.insert(String(first)) }
        }
        return names.sorted()
    }
}

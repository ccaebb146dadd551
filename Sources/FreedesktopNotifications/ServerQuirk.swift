/// One measured difference of a notification server from what its capabilities say: a row of
/// the table of quirks (``table``), keyed by the server's name, vendor and a range of its
/// versions, with the evidence beside it. ``ServerProfile`` reads the capabilities first, then
/// the rows that match the running server; `unotify server --explain` lists them.
public struct ServerQuirk: Sendable {
    /// The servers the row holds for.
    public let server: ServerMatch
    /// What the server does in that range.
    public let behaviour: ServerBehaviour
    /// How it was found: the version measured, what was seen, and the test that checks it.
    public let evidence: String

    /// A row of the table.
    init(
        _ name: String, vendor: String? = nil, since: ServerVersion? = nil, before: ServerVersion? = nil,
        _ behaviour: ServerBehaviour, evidence: String
    ) {
        self.server = ServerMatch(name, vendor: vendor, since: since, before: before)
        self.behaviour = behaviour
        self.evidence = evidence
    }

    /// The server's name, as `GetServerInformation` reports it (`Plasma`, `gnome-shell`).
    public var name: String { server.name }

    /// Whether the row holds for a server that reports `information` (``ServerMatch/matches(_:)``).
    public func matches(_ information: ServerInformation?) -> Bool { server.matches(information) }

    /// The versions the row holds for, in words: "46 and later", "before 1.10", "every version".
    public var versions: String { server.versions }

    /// The rows that hold for the server that reports `information`, in the table's order.
    public static func rows(for information: ServerInformation?) -> [ServerQuirk] {
        table.filter { $0.matches(information) }
    }

    /// Whether a row of `behaviour` holds for the server that reports `information`.
    public static func holds(_ behaviour: ServerBehaviour, for information: ServerInformation?) -> Bool {
        table.contains { $0.behaviour == behaviour && $0.matches(information) }
    }
}

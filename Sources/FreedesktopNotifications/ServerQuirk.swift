/// One measured difference of a notification server from what its capabilities say: a row of
/// the table of quirks (``table``), keyed by the server's name, vendor and a range of its
/// versions, with the evidence beside it. ``ServerProfile`` reads the capabilities first, then
/// the rows that match the running server; `unotify server --explain` lists them.
public struct ServerQuirk: Sendable {
    /// The server's name, as `GetServerInformation` reports it (`Plasma`, `gnome-shell`).
    public let name: String
    /// The server's vendor, as `GetServerInformation` reports it (`KDE`, `GNOME`); nil where the
    /// name alone is known to identify it.
    public let vendor: String?
    /// The first version the row holds for; nil where it holds from the first version.
    public let since: ServerVersion?
    /// The first version the row no longer holds for; nil where it holds for every later one.
    public let before: ServerVersion?
    /// What the server does in that range.
    public let behaviour: ServerBehaviour
    /// How it was found: the version measured, what was seen, and the test that checks it.
    public let evidence: String

    /// A row of the table.
    init(
        _ name: String, vendor: String? = nil, since: ServerVersion? = nil, before: ServerVersion? = nil,
        _ behaviour: ServerBehaviour, evidence: String
    ) {
        self.name = name
        self.vendor = vendor
        self.since = since
        self.before = before
        self.behaviour = behaviour
        self.evidence = evidence
    }

    /// Whether the row holds for a server that reports `information`. A row bounded by versions
    /// holds only for a server whose version can be read.
    public func matches(_ information: ServerInformation?) -> Bool {
        guard let information, information.name == name else { return false }
        if let vendor, information.vendor != vendor { return false }
        if since == nil && before == nil { return true }
        guard let version = ServerVersion(information.version) else { return false }
        if let since, version < since { return false }
        if let before, version >= before { return false }
        return true
    }

    /// The versions the row holds for, in words: "46 and later", "before 1.10", "every version".
    public var versions: String {
        switch (since, before) {
        case (nil, nil): "every version"
        case (let since?, nil): "\(since) and later"
        case (nil, let before?): "before \(before)"
        case (let since?, let before?): "\(since) to before \(before)"
        }
    }

    /// The rows that hold for the server that reports `information`, in the table's order.
    public static func rows(for information: ServerInformation?) -> [ServerQuirk] {
        table.filter { $0.matches(information) }
    }

    /// Whether a row of `behaviour` holds for the server that reports `information`.
    public static func holds(_ behaviour: ServerBehaviour, for information: ServerInformation?) -> Bool {
        table.contains { $0.behaviour == behaviour && $0.matches(information) }
    }
}

/// Which notification servers a measured fact holds for: a name and vendor as
/// `GetServerInformation` reports them, and a range of versions. The key of every table that
/// records what a server does (``ServerQuirk``'s, and the desktop-integration tables beside it).
public struct ServerMatch: Sendable {
    /// The server's name, as `GetServerInformation` reports it (`Plasma`, `gnome-shell`).
    public let name: String
    /// The server's vendor, as `GetServerInformation` reports it (`KDE`, `GNOME`); nil where the
    /// name alone is known to identify it.
    public let vendor: String?
    /// The first version the fact holds for; nil where it holds from the first version.
    public let since: ServerVersion?
    /// The first version the fact no longer holds for; nil where it holds for every later one.
    public let before: ServerVersion?

    /// The servers named `name` (by `vendor`, when given) from version `since` to before `before`.
    public init(_ name: String, vendor: String? = nil, since: ServerVersion? = nil, before: ServerVersion? = nil) {
        self.name = name
        self.vendor = vendor
        self.since = since
        self.before = before
    }

    /// Whether the server that reports `information` is one of these. A range bounded by
    /// versions holds only for a server whose version can be read.
    public func matches(_ information: ServerInformation?) -> Bool {
        guard let information, information.name == name else { return false }
        if let vendor, information.vendor != vendor { return false }
        if since == nil && before == nil { return true }
        guard let version = ServerVersion(information.version) else { return false }
        if let since, version < since { return false }
        if let before, version >= before { return false }
        return true
    }

    /// The versions, in words: "46 and later", "before 1.10", "every version".
    public var versions: String {
        switch (since, before) {
        case (nil, nil): "every version"
        case (let since?, nil): "\(since) and later"
        case (nil, let before?): "before \(before)"
        case (let since?, let before?): "\(since) to before \(before)"
        }
    }
}

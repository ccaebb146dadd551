/// The server's answer to `GetServerInformation`.
public struct ServerInformation: Hashable, Sendable {
    /// The server's name, such as `dunst` or `Plasma`.
    public var name: String
    /// Who makes the server, such as `knopwob` or `KDE`.
    public var vendor: String
    /// The server's own version.
    public var version: String
    /// The version of the specification the server follows, e.g. `1.2`.
    public var specVersion: String

    /// Information as `GetServerInformation` returns it, in its order.
    public init(name: String, vendor: String, version: String, specVersion: String) {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.specVersion = specVersion
    }
}

/// The server's answer to `GetServerInformation`.
public struct ServerInformation: Hashable, Sendable {
    public var name: String
    public var vendor: String
    public var version: String
    /// The version of the specification the server follows, e.g. `1.2`.
    public var specVersion: String

    public init(name: String, vendor: String, version: String, specVersion: String) {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.specVersion = specVersion
    }
}

import DBus

/// Where a notification server is reached: the connection, the name it owns there, and how
/// long a call to it may take. What a desktop keeps beside the specification's interface (a
/// do-not-disturb switch on the server's own object) is read here.
public struct ServerEndpoint: Sendable {
    /// The bus connection the server is called on.
    public let connection: DBusConnection
    /// The server's bus name (`org.freedesktop.Notifications`, or a test's).
    public let name: BusName
    /// The deadline of each call.
    public let timeout: Duration

    /// The server owning `name` on `connection`, each call waiting at most `timeout`.
    public init(connection: DBusConnection, name: BusName, timeout: Duration) {
        self.connection = connection
        self.name = name
        self.timeout = timeout
    }
}

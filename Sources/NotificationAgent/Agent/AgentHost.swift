import DBus

/// Which process runs the agent, and so how it holds `org.unotify.Agent`.
package enum AgentHost: Sendable {
    /// `unotifyd`: it keeps the name, and takes it from an agent hosted in an app.
    case daemon
    /// An app's own process, for an app installed without `unotifyd` (``InProcessAgent``): it
    /// lets a `unotifyd` take the name, and then stops.
    case app

    /// The flags of this host's `RequestName`.
    var nameFlags: DBusConnection.RequestNameFlags {
        switch self {
        case .daemon: [.doNotQueue, .replaceExisting]
        case .app: [.doNotQueue, .allowReplacement]
        }
    }
}

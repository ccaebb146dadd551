import DBus

/// Which process runs the agent, and so how it holds `org.unotify.Agent`.
package enum AgentHost: Equatable, Sendable {
    /// `unotifyd`: it keeps the name, and takes it from an agent hosted in an app.
    case daemon
    /// An app's own process, for an app installed without `unotifyd` (``InProcessAgent``): it
    /// lets a `unotifyd` take the name, and then stops; it owns ``AgentBusName/appHost`` beside
    /// the name, so that another app takes the agent over when this one exits.
    case app
    /// An app's own process inside a Flatpak sandbox that hides `org.unotify.Agent`: under a
    /// name of the app's own (``AgentBusName/sandboxed(app:)``), showing through the
    /// notification portal, for this app only.
    case appInSandbox(app: String)

    /// The flags of this host's `RequestName`.
    var nameFlags: DBusConnection.RequestNameFlags {
        switch self {
        case .daemon: [.doNotQueue, .replaceExisting]
        case .app: [.doNotQueue, .allowReplacement]
        case .appInSandbox: [.doNotQueue]
        }
    }
}

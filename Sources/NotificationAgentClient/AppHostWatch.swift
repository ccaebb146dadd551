import DBus

/// Which connection owns the agent's name, and which of those host it in an app (they own
/// ``AgentBusName/appHost`` too), read from the bus's `NameOwnerChanged` signals for both names
/// in the order the bus sent them: it says when the agent leaves the bus with the app that
/// hosted it (``AgentClient``'s hand-over).
///
/// Unique names are never reused on a bus, so a connection seen owning ``AgentBusName/appHost``
/// is an app's host for as long as it owns the agent's name, whichever of its two names the bus
/// reports released first when it goes.
struct AppHostWatch: Sendable {
    /// The unique name of the agent's owner now, or `nil`.
    private(set) var agent: String?
    /// The connections seen owning ``AgentBusName/appHost`` that own, or may yet own, the agent's name.
    private var appHosts: Set<String> = []

    /// The watch from the owners read from the bus: `agent` of ``AgentBusName/standard``,
    /// `appHost` of ``AgentBusName/appHost``.
    init(agent: String?, appHost: String?) {
        self.agent = agent
        if let appHost { appHosts.insert(appHost) }
    }

    /// Takes in `change`; `true` when it is the agent's name left without an owner by an app
    /// that hosted it (exited, killed, or its agent stopped); `false` for anything else, as when
    /// `unotifyd` takes the name from the app (which then stops, and the name has an owner).
    mutating func take(_ change: DBusConnection.NameOwnerChange) -> Bool {
        switch change.name {
        case AgentBusName.appHost.rawValue:
            if let owner = change.newOwner { appHosts.insert(owner) }
            // An app that loses the name without owning the agent's is no host any more; the
            // agent's owner stays one until the agent's name says it left.
            if let owner = change.oldOwner, owner != agent { appHosts.remove(owner) }
            return false
        case AgentBusName.standard.rawValue:
            agent = change.newOwner
            guard let owner = change.oldOwner, appHosts.remove(owner) != nil else { return false }
            return change.newOwner == nil
        default:
            return false
        }
    }
}

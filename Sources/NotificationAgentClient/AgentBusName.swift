import DBus
import Synchronization

/// The bus name the agent answers on, for this process: `org.unotify.Agent`, except in a
/// Flatpak sandbox that hides that name, where the app's own agent (`InProcessAgent`) takes a
/// name the sandbox lets the app own, `APP_ID.UserNotifications`, and this process's client
/// calls it there.
package enum AgentBusName {
    /// The agent's name on every desktop.
    package static let standard: BusName = "org.unotify.Agent"

    /// The name an app that hosts the agent (`InProcessAgent`, unsandboxed) owns beside
    /// ``standard``, on the same connection, once it has won that name: it tells the apps that
    /// use the agent that the agent leaves the bus with that app, so that one of them takes it
    /// over (``AppHostWatch``). `unotifyd` never owns it: it is not taken over when it exits.
    package static let appHost: BusName = "org.unotify.Agent.AppHost"

    private static let current = Mutex<BusName>(standard)

    /// The name this process calls the agent by (``AgentInterface/busName``).
    package static var inUse: BusName { current.withLock { $0 } }

    /// From now on this process calls its own agent, hosted under `name`.
    package static func use(_ name: BusName) {
        current.withLock { $0 = name }
    }

    /// A name for one more client connection of this process, when its agent is the app's own in
    /// a sandbox (`APP_ID.UserNotifications.ClientN`); `nil` otherwise.
    package static func clientName() -> BusName? {
        let agent = inUse
        guard agent != standard else { return nil }
        let number = clients.withLock {
            $0 += 1
            return $0
        }
        // try?: the agent's own name is valid, and so is it with one more element
        return try? BusName(validating: "\(agent.rawValue).Client\(number)")
    }

    private static let clients = Mutex(0)

    /// The name an app's own agent takes inside the sandbox of `app`.
    package static func sandboxed(app: String) throws -> BusName {
        try BusName(validating: app + ".UserNotifications")
    }
}

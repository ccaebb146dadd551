import DBus

extension AgentClient {
    /// For a client that can host the agent itself (an app, through its library): follows the
    /// agent's owner, and when the agent leaves the bus with the app that hosted it (that app
    /// exited or was killed; ``AppHostWatch``), starts it again at once with `restart`, as a
    /// call would: `unotifyd` when one can be started, else in this process. So what this app
    /// scheduled fires on time and its clicks are heard, without waiting for its next call. Of
    /// several apps that do so at once the bus gives the name to one (`DO_NOT_QUEUE`); the others
    /// find it owned and stay its clients (their `Listen` and presenter follow the new owner).
    ///
    /// An agent that `unotifyd` runs is not followed: it owns no ``AgentBusName/appHost``, so
    /// neither `unotifyd` taking the name from an app (the name is never left without an owner)
    /// nor `unotifyd` exiting starts anything; the next call starts it again, as before.
    ///
    /// - Returns: the task that follows, or `nil` when the owners cannot be watched (the bus,
    ///   or a sandbox's bus proxy, refuses): calls then start the agent again when they find
    ///   nobody, as before.
    static func followAppHost(on connection: DBusConnection, restart: @escaping @Sendable () async throws -> Void)
        async -> Task<Void, Never>?
    {
        let changes:
            AsyncThrowingMapSequence<AsyncThrowingStream<DBusMessage, any Error>, DBusConnection.NameOwnerChange>
        let initial: AppHostWatch
        do {
            // Subscribed before the owners are read: a change between the two is still seen.
            changes = try await connection.nameOwnerChanges(inNamespace: AgentBusName.standard)
            initial = AppHostWatch(
                agent: try await connection.nameOwner(of: AgentBusName.standard),
                appHost: try await connection.nameOwner(of: AgentBusName.appHost))
        } catch {
            return nil
        }
        return Task {
            var watch = initial
            do {
                for try await change in changes {
                    guard watch.take(change) else { continue }
                    // try?: a start that fails now is made again by this app's next call, which reports why
                    try? await restart()
                }
            } catch {}
        }
    }
}

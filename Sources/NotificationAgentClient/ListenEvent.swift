import DBus

/// What a listening client hears, in the order the bus delivered it: a `Response` signal, or
/// `org.unotify.Agent` changing owner (`nil`: the agent left the bus).
enum ListenEvent: Sendable {
    case response(DBusMessage)
    case agentChanged(String?)

    /// One stream of both: it ends when either ends, and fails when either fails.
    static func merging<Signals: AsyncSequence & Sendable, Owners: AsyncSequence & Sendable>(
        signals: Signals, owners: Owners
    ) -> AsyncThrowingStream<ListenEvent, any Error>
    where Signals.Element == DBusMessage, Owners.Element == DBusConnection.NameOwnerChange {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ListenEvent.self, throwing: (any Error).self)
        let feeding = Task {
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { for try await message in signals { continuation.yield(.response(message)) } }
                    group.addTask {
                        for try await change in owners { continuation.yield(.agentChanged(change.newOwner)) }
                    }
                    try await group.next()
                    group.cancelAll()
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in feeding.cancel() }
        return stream
    }
}

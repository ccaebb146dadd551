import DBus
import NotificationAgentClient

/// The connector's object on the bus, where distributors call `Message`, `NewEndpoint` and
/// `Unregistered` (`NotificationAgent+Push.swift` handles them).
extension NotificationAgent {
    /// Exports the connector's object, before the agent takes its name: a distributor's call
    /// that started the agent (D-Bus activation) is dispatched as soon as the name is taken. A
    /// call refused for its size is logged with the push lines: a distributor does not wait for
    /// the refusal, so the log is all that says a message was lost.
    func exportConnector() async {
        await connection.export(
            path: UnifiedPush.connectorPath, interfaces: UnifiedPush.connectorDescriptions,
            refused: { [weak self] call in Task { await self?.logPush(call.description) } }
        ) { [weak self] message in
            guard let self else { return [] }
            return try await self.connectorCalled(message)
        }
    }
}

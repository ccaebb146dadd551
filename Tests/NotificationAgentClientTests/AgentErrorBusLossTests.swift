import DBus
import Testing
import TestSupport
@testable import NotificationAgentClient

/// A call to the agent on a bus that stopped says the session bus was lost, the words every
/// command uses for it, not "cannot use unotifyd".
@Suite(.timeLimit(.minutes(1))) struct AgentErrorBusLossTests {
    @Test func aCallAfterTheBusStoppedSaysTheBusWasLost() async throws {
        let bus = try PrivateBus()
        let agent = try DBusConnection(address: bus.address)
        await agent.export(path: AgentInterface.path, interfaces: [AgentInterface.description]) { _ in
            [.string("[]")]
        }
        #expect(try await agent.requestName(AgentInterface.busName) == .primaryOwner)
        let client = try await AgentClient(address: bus.address, startAgent: false)
        #expect(try await client.categoriesJSON(app: "org.example.Tea") == "[]")
        bus.stop()
        let error = await #expect(throws: AgentError.self) {
            _ = try await client.categoriesJSON(app: "org.example.Tea")
        }
        #expect(error?.code == .unavailable)
        #expect(
            error?.message.hasPrefix("lost the connection to the session bus") == true, "\(String(describing: error))")
        withExtendedLifetime(agent) {}
    }

    @Test func aDisconnectedErrorReadsAsTheBusLost() {
        let error = AgentError(DBusError(.disconnected, "the connection to the D-Bus daemon was lost"))
        #expect(error.code == .unavailable)
        #expect(error.message.hasPrefix("lost the connection to the session bus"), "\(error.message)")
    }
}

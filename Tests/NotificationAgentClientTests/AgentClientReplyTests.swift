import DBus
import Testing
import TestSupport
@testable import NotificationAgentClient

/// `AgentClient` reads every reply through its method's codec: a stand-in agent that answers
/// with other types, or with a value out of range, gets an error naming the method, never a
/// wrong value.
@Suite(.timeLimit(.minutes(1))) struct AgentClientReplyTests {
    /// A stand-in for `unotifyd` on a private bus: its object routes calls by the agent's
    /// interface, and `answer` replies to each.
    static func client(
        on bus: PrivateBus, answer: @escaping @Sendable (DBusMessage) -> [DBusValue]
    ) async throws -> (AgentClient, DBusConnection) {
        let agent = try DBusConnection(address: bus.address)
        await agent.export(path: AgentInterface.path, interfaces: [AgentInterface.description]) { answer($0) }
        #expect(try await agent.requestName(AgentInterface.busName) == .primaryOwner)
        return (try await AgentClient(address: bus.address, startAgent: false), agent)
    }

    @Test func aReplyOfAnotherSignatureIsAnErrorNamingTheMethod() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let (client, agent) = try await Self.client(on: bus) { message in
            message.member == AgentMethod.getCategories.name ? [.string("[]")] : [.uint32(1)]
        }
        defer { withExtendedLifetime(agent) {} }
        // The stand-in answers a method in its own signature: that is read.
        #expect(try await client.categoriesJSON(app: "org.example.Tea") == "[]")
        let error = await #expect(throws: AgentError.self) {
            try await client.setBadge(app: "org.example.Tea", count: 1)
        }
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("SetBadge") == true, "\(String(describing: error))")
        #expect(error?.message.contains("(b)") == true, "says what was expected: \(String(describing: error))")
    }

    @Test func aReplyOfTheRightSignatureWithAValueOutOfRangeIsAnError() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let (client, agent) = try await Self.client(on: bus) { _ in
            [.boolean(true), .boolean(true), .int32(99)]
        }
        defer { withExtendedLifetime(agent) {} }
        let error = await #expect(throws: AgentError.self) {
            try await client.requestAuthorization(app: "org.example.Tea", options: [.alert])
        }
        #expect(error?.message.contains("RequestAuthorization") == true, "\(String(describing: error))")
        #expect(error?.message.contains("99") == true, "\(String(describing: error))")
    }
}

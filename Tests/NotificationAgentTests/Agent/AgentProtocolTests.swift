import DBus
import Foundation
import FreedesktopNotifications
import NotificationAgentClient
import Testing
import TestSupport
@testable import UserNotifications

/// The agent's D-Bus methods called as a hostile or careless client would: on another
/// interface, with arguments missing, extra, of the wrong types, or huge. Each gets an error
/// reply (never a crash, never a hang), and the agent goes on answering.
@Suite(.timeLimit(.minutes(3))) struct AgentProtocolTests {
    static func call(
        _ connection: DBusConnection, _ member: String, _ body: [DBusValue],
        interface: InterfaceName = AgentInterface.interface
    ) async throws -> DBusMessage {
        try await connection.call(
            .methodCall(
                destination: AgentInterface.busName, path: AgentInterface.path, interface: interface,
                member: try MemberName(validating: member), body: body), timeout: .seconds(10))
    }

    static func expectError(
        _ connection: DBusConnection, _ member: String, _ body: [DBusValue],
        interface: InterfaceName = AgentInterface.interface, named name: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        do {
            let reply = try await call(connection, member, body, interface: interface)
            Issue.record(
                "\(interface).\(member)(\(body.map(\.signature.description).joined())) was answered: \(reply.body)",
                sourceLocation: sourceLocation)
        } catch let error as DBusError {
            if let name { #expect(error.name == name, "\(member): \(error)", sourceLocation: sourceLocation) }
            #expect(
                error.message.utf8.count < 1024, "\(member): the error echoes its input", sourceLocation: sourceLocation
            )
        } catch {
            Issue.record("\(member): \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func aMethodOnAnotherInterfaceIsRefused() async throws {
        let rig = try await AgentTests.Rig()
        let connection = try DBusConnection(address: rig.bus.address)
        await Self.expectError(
            connection, "GetSettings", [.string("org.example.Tea")], interface: "org.evil.Iface",
            named: "org.freedesktop.DBus.Error.UnknownInterface")
        // The same call on the agent's interface works.
        #expect(try await Self.call(connection, "GetSettings", [.string("org.example.Tea")]).body.count == 1)
    }

    @Test func everyMethodRefusesMissingExtraAndWrongArguments() async throws {
        let rig = try await AgentTests.Rig()
        let connection = try DBusConnection(address: rig.bus.address)
        for (member, signature) in AgentInterface.description.methods.map({ ($0.name.rawValue, $0.argumentSignature) })
        {
            let valid = try DBusSignature.parseList(signature).map(Self.sample)
            if !valid.isEmpty {
                await Self.expectError(connection, member, [], named: "org.freedesktop.DBus.Error.InvalidArgs")
                await Self.expectError(
                    connection, member, Array(valid.dropLast()),
                    named: "org.freedesktop.DBus.Error.InvalidArgs")
                await Self.expectError(
                    connection, member, valid.map { _ in .uint32(7) },
                    named: "org.freedesktop.DBus.Error.InvalidArgs")
            }
            await Self.expectError(
                connection, member, valid + [.string("extra")],
                named: "org.freedesktop.DBus.Error.InvalidArgs")
        }
        await Self.expectError(connection, "NoSuchMethod", [], named: "org.freedesktop.DBus.Error.UnknownMethod")
        #expect(try await rig.client.settings(app: "org.example.Tea").authorization == .notDetermined)
    }

    @Test func hugeArgumentsGetAShortErrorAndTheAgentGoesOn() async throws {
        let rig = try await AgentTests.Rig()
        let connection = try DBusConnection(address: rig.bus.address)
        let huge = String(repeating: "x", count: 4 << 20)
        for (member, signature) in AgentInterface.description.methods.map({ ($0.name.rawValue, $0.argumentSignature) })
        {
            let types = try DBusSignature.parseList(signature)
            guard types.contains(.string) else { continue }
            // Every string argument huge at once: the app identifier alone is refused first.
            let body = types.map { $0 == .string ? DBusValue.string(huge) : Self.sample($0) }
            await Self.expectError(connection, member, body)
        }
        #expect(try await rig.client.settings(app: "org.example.Tea").authorization == .notDetermined)
    }

    /// A valid-looking value of `type`.
    static func sample(_ type: DBusSignature) -> DBusValue {
        switch type {
        case .string: .string("org.example.Tea")
        case .uint64: .uint64(1)
        case .int64: .int64(1)
        case .array(.string): .array(element: .string, [.string("x")])
        default: .dictionary(key: .string, value: .variant, [])
        }
    }
}

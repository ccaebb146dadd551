import DBus
import Testing
import TestSupport

/// `DBusConnection.property(_:of:at:on:)`: the standard `Properties.Get`, its variant unwrapped.
@Suite(.timeLimit(.minutes(1))) struct PropertiesTests {
    @Test func aPropertyIsReadAndAWrongReplyIsAnError() async throws {
        let bus = try PrivateBus()
        let server = try DBusConnection(address: bus.address)
        await server.export(path: "/org/example/Lamp") { call in
            guard call.interface == DBusConnection.propertiesInterface, call.member == "Get",
                call.body == [.string("org.example.Lamp1"), .string("On")]
            else { return [.string("not a variant")] }
            return [.variant(.boolean(true))]
        }
        let client = try DBusConnection(address: bus.address)
        let destination = try BusName(validating: server.uniqueName)
        #expect(
            try await client.property("On", of: "org.example.Lamp1", at: "/org/example/Lamp", on: destination)
                == .boolean(true))
        await #expect(throws: DBusError.self) {
            _ = try await client.property("Off", of: "org.example.Lamp1", at: "/org/example/Lamp", on: destination)
        }
    }
}

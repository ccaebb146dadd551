import DBus
import Foundation
import Synchronization
import Testing
import TestSupport

/// An object exported with its interfaces described: `Introspect` is answered from the
/// description, and calls that do not match it never reach the handler.
@Suite(.timeLimit(.minutes(1))) struct ExportedInterfaceTests {
    static let path: ObjectPath = "/org/example/Kettle"
    static let kettle = DBusInterfaceDescription(
        "org.example.Kettle1", documentation: "A kettle -- with a double hyphen, & an ampersand.",
        methods: [
            DBusMethodDescription(
                "Boil", arguments: [.init("litres", "d")], reply: [.init("seconds", "u")],
                documentation: "Boils <this much> water."),
            DBusMethodDescription("Stop", arguments: [], documentation: "Stops."),
        ],
        signals: [DBusSignalDescription("Boiled", arguments: [.init("litres", "d")], documentation: "It boiled.")],
        errors: [DBusErrorDescription("org.example.Error.Empty", documentation: "no water")])

    /// A kettle exported on a private bus, with the members its handler was called with.
    final class Rig: Sendable {
        let bus: PrivateBus
        let client: DBusConnection
        let destination: BusName
        let handled: Mutex<[String]>

        init() async throws {
            bus = try PrivateBus()
            let server = try DBusConnection(address: bus.address)
            handled = Mutex<[String]>([])
            client = try DBusConnection(address: bus.address)
            destination = try BusName(validating: server.uniqueName)
            serverConnection = server
            await server.export(path: ExportedInterfaceTests.path, interfaces: [ExportedInterfaceTests.kettle]) {
                [weak self] call in
                self?.handled.withLock { $0.append(call.member?.rawValue ?? "") }
                return call.member?.rawValue == "Boil" ? [.uint32(90)] : []
            }
        }

        /// Kept so the exported object lives as long as the rig.
        private let serverConnection: DBusConnection

        func call(_ member: MemberName, _ body: [DBusValue] = [], interface: InterfaceName? = "org.example.Kettle1")
            async throws -> DBusMessage
        {
            try await client.call(
                .methodCall(
                    destination: destination, path: ExportedInterfaceTests.path,
                    interface: interface, member: member, body: body), timeout: .seconds(10))
        }

        func expectError(
            _ name: String, _ member: MemberName, _ body: [DBusValue] = [],
            interface: InterfaceName? = "org.example.Kettle1",
            sourceLocation: SourceLocation = #_sourceLocation
        ) async {
            do {
                let reply = try await call(member, body, interface: interface)
                Issue.record("\(member) was answered: \(reply.body)", sourceLocation: sourceLocation)
            } catch let error as DBusError {
                #expect(error.name == name, "\(error)", sourceLocation: sourceLocation)
            } catch {
                Issue.record("\(error)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func introspectionDescribesEveryMemberAndTheStandardInterfaces() async throws {
        let rig = try await Rig()
        let reply = try await rig.call("Introspect", interface: "org.freedesktop.DBus.Introspectable")
        let xml = try String(dbusValue: reply.body[0])
        #expect(xml == DBusIntrospection.xml(path: Self.path, interfaces: [Self.kettle]))
        for needle in [
            #"<node name="/org/example/Kettle">"#, #"<interface name="org.freedesktop.DBus.Introspectable">"#,
            #"<interface name="org.freedesktop.DBus.Peer">"#, #"<interface name="org.example.Kettle1">"#,
            #"<method name="Boil">"#, #"<arg name="litres" type="d" direction="in"/>"#,
            #"<arg name="seconds" type="u" direction="out"/>"#, #"<method name="Stop"/>"#,
            #"<signal name="Boiled">"#, #"<arg name="litres" type="d"/>"#, "org.example.Error.Empty: no water",
            "Boils <this much> water.",
        ] {
            #expect(xml.contains(needle), "missing \(needle)")
        }
        // An XML comment may not contain "--".
        let comments = xml.components(separatedBy: "<!--").dropFirst().map { $0.components(separatedBy: "-->")[0] }
        #expect(comments.count == 5)
        #expect(comments.allSatisfy { !$0.contains("--") })
        #expect(rig.handled.withLock { $0 }.isEmpty)
    }

    @Test func eachAncestorOfAnExportedObjectIntrospectsWithItsChildNode() async throws {
        let rig = try await Rig()
        for (path, child) in [("/", "org"), ("/org", "example"), ("/org/example", "Kettle")] {
            let reply = try await rig.client.call(
                .methodCall(
                    destination: rig.destination, path: try ObjectPath(validating: path),
                    interface: "org.freedesktop.DBus.Introspectable", member: "Introspect"), timeout: .seconds(10))
            let xml = try String(dbusValue: reply.body[0])
            #expect(xml.contains(#"<node name="\#(child)"/>"#), "\(path): \(xml)")
            #expect(!xml.contains("org.example.Kettle1"), "\(path) describes the kettle's interface: \(xml)")
        }
        #expect(rig.handled.withLock { $0 }.isEmpty)
    }

    @Test func introspectWithoutAnInterfaceAndPeerPingAreAnswered() async throws {
        let rig = try await Rig()
        let reply = try await rig.call("Introspect", interface: nil)
        #expect(try String(dbusValue: reply.body[0]).contains(#"<method name="Boil">"#))
        #expect(try await rig.call("Ping", interface: "org.freedesktop.DBus.Peer").body.isEmpty)
    }

    @Test func callsThatMatchNoMethodNeverReachTheHandler() async throws {
        let rig = try await Rig()
        await rig.expectError(
            "org.freedesktop.DBus.Error.UnknownInterface", "Boil", [.double(1)], interface: "org.evil.Iface")
        await rig.expectError("org.freedesktop.DBus.Error.UnknownMethod", "Explode")
        await rig.expectError("org.freedesktop.DBus.Error.UnknownMethod", "Explode", interface: nil)
        await rig.expectError("org.freedesktop.DBus.Error.InvalidArgs", "Boil")
        await rig.expectError("org.freedesktop.DBus.Error.InvalidArgs", "Boil", [.string("1")])
        await rig.expectError("org.freedesktop.DBus.Error.InvalidArgs", "Boil", [.double(1), .double(2)])
        await rig.expectError(
            "org.freedesktop.DBus.Error.InvalidArgs", "Introspect", [.string("x")],
            interface: "org.freedesktop.DBus.Introspectable")
        #expect(rig.handled.withLock { $0 }.isEmpty)
        // Calls that match are handled, with or without the interface named.
        #expect(try await rig.call("Boil", [.double(1.5)]).body == [.uint32(90)])
        #expect(try await rig.call("Stop", interface: nil).body.isEmpty)
        #expect(rig.handled.withLock { $0 } == ["Boil", "Stop"])
    }
}

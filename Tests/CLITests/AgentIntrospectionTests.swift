import DBus
import Foundation
import NotificationAgentClient
import Testing
import TestSupport

/// The agent's interface, defined once (`AgentInterface.description`), is what the running
/// agent introspects as, what `dbus/org.unotify.Agent1.xml` holds, and what the agent answers.
@Suite(.timeLimit(.minutes(1))) struct AgentIntrospectionTests {
    static let documented = DBusIntrospection.xml(
        interfaces: [AgentInterface.description], includingStandardInterfaces: false)

    @Test func theRepositorysXMLIsTheInterfaceAndUnotifydPrintsIt() async throws {
        let file = PackageRoot.url.appendingPathComponent("dbus/org.unotify.Agent1.xml")
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(
            committed == Self.documented,
            "dbus/org.unotify.Agent1.xml is out of date: regenerate it with `unotifyd --introspect > dbus/org.unotify.Agent1.xml`"
        )
        let printer = try ChildProcess(UNotifyDaemonProcess.path, ["--introspect"])
        #expect(try await printer.wait(timeout: 10) == 0)
        #expect(printer.standardOutput == Self.documented)
        for method in AgentMethod.allCases { #expect(committed.contains(#"<method name="\#(method.rawValue)""#)) }
        for signal in AgentSignal.allCases { #expect(committed.contains(#"<signal name="\#(signal.rawValue)">"#)) }
    }

    @Test func theRunningAgentIntrospectsAsItsInterfaceAndAnswersPing() async throws {
        let bus = try PrivateBus()
        let state = try TemporaryDirectory("unotify-state")
        let connection = try DBusConnection(address: bus.address)
        let agent = try await UNotifyDaemonProcess.startOwningName(
            on: bus, stateDirectory: state.path, watcher: connection)
        let reply = try await connection.call(
            .methodCall(
                destination: AgentInterface.busName, path: AgentInterface.path,
                interface: "org.freedesktop.DBus.Introspectable", member: "Introspect"), timeout: .seconds(10))
        #expect(
            try String(dbusValue: reply.body[0])
                == DBusIntrospection.xml(path: AgentInterface.path, interfaces: [AgentInterface.description]))
        let ping = try await connection.call(
            .methodCall(
                destination: AgentInterface.busName, path: AgentInterface.path, interface: "org.freedesktop.DBus.Peer",
                member: "Ping"), timeout: .seconds(10))
        #expect(ping.body.isEmpty)

        // What a user's tool shows: gdbus parses the agent's answer and lists every member.
        let gdbus = try ChildProcess(
            "/usr/bin/gdbus",
            [
                "introspect", "--address", bus.address, "--dest", "org.unotify.Agent",
                "--object-path", "/org/unotify/Agent",
            ])
        #expect(try await gdbus.wait(timeout: 10) == 0, "gdbus: \(gdbus.standardError)")
        let listing = gdbus.standardOutput
        #expect(listing.contains("interface org.unotify.Agent1"))
        for method in AgentInterface.description.methods {
            #expect(listing.contains("\(method.name)("), "gdbus does not list \(method.name)")
        }
        for signal in AgentInterface.description.signals {
            #expect(
                listing.contains("signal \(signal.name)(") || listing.contains("\(signal.name)("),
                "gdbus does not list \(signal.name)")
        }
        agent.send(SIGTERM)
        _ = try await agent.wait(timeout: 5)
    }

    @Test func theAgentIsFoundByWalkingTheTreeFromTheRoot() async throws {
        let bus = try PrivateBus()
        let state = try TemporaryDirectory("unotify-state")
        let connection = try DBusConnection(address: bus.address)
        let agent = try await UNotifyDaemonProcess.startOwningName(
            on: bus, stateDirectory: state.path, watcher: connection)
        // What `busctl tree` and `gdbus introspect --recurse` do: start at / and follow the nodes.
        let gdbus = try ChildProcess(
            "/usr/bin/gdbus",
            [
                "introspect", "--address", bus.address, "--dest", "org.unotify.Agent", "--object-path", "/",
                "--recurse",
            ])
        #expect(try await gdbus.wait(timeout: 10) == 0, "gdbus: \(gdbus.standardError)")
        let listing = gdbus.standardOutput
        #expect(listing.contains("node /org/unotify/Agent"), "\(listing.prefix(2000))")
        #expect(listing.contains("interface org.unotify.Agent1"), "\(listing.prefix(2000))")
        await connection.close()
        agent.send(SIGTERM)
        _ = try await agent.wait(timeout: 5)
    }
}

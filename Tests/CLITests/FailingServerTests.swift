import DBus
import Foundation
import Testing
import TestSupport

/// A notification server that is installed but fails. One that cannot be started (its D-Bus
/// activation fails) leaves no server on the bus: exit 2, as with none installed. One that runs
/// and answers with an error could not show the notification: exit 1, as notify-send.
@Suite(.timeLimit(.minutes(1))) struct FailingServerTests {
    @Test func aServerWhoseActivationFailsIsNoServerExitTwo() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try """
        [D-BUS Service]
        Name=org.freedesktop.Notifications
        Exec=/bin/false

        """.write(
            to: bus.directory.appendingPathComponent("services/org.freedesktop.Notifications.service"),
            atomically: true, encoding: .utf8)
        for arguments in [["send", "hello"], ["send", "-p", "hello"], ["server"]] {
            let result = try await UNotifyProcess.run(arguments, busAddress: bus.address)
            #expect(result.status == 2, "unotify \(arguments): \(result.stderr)")
            #expect(result.stderr.contains("could not be started"), "unotify \(arguments): \(result.stderr)")
        }
    }

    @Test func aServerThatAnswersWithAnErrorIsExitOne() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let server = try DBusConnection(address: bus.address)
        await server.export(path: "/org/freedesktop/Notifications") { _ in
            throw DBusError(.remote, "out of order", name: "org.example.Broken")
        }
        #expect(try await server.requestName("org.freedesktop.Notifications") == .primaryOwner)
        // Without -p too: a send exits 0 only once the server has taken the notification.
        for arguments in [["send", "-p", "hello"], ["send", "hello"], ["send", "-r", "7", "hello"], ["server"]] {
            let result = try await UNotifyProcess.run(arguments, busAddress: bus.address)
            #expect(result.status == 1, "unotify \(arguments): \(result.stderr)")
            #expect(result.stderr.contains("out of order"), "unotify \(arguments): \(result.stderr)")
        }
        await server.close()
    }
}

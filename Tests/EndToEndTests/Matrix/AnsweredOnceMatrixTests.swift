import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// A clicked notification answers once on every server where actions can be chosen, for a
    /// category with `customDismissAction`: notification-daemon and xfce4-notifyd close the
    /// clicked popup with `NotificationClosed(2)`, a dismissal's reason, which must not reach
    /// the app as a dismissal after the action. Two notifications are answered in turn; `listen`
    /// must print exactly their two actions, in order.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct AnsweredOnceMatrixTests {
        @Test(arguments: MatrixServer.withButtons)
        func aClickedNotificationGivesOneResponse(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, sharingDesktop: true)
            let app = "org.example.Tea"
            let categories = session.state.url.appendingPathComponent("categories.json")
            try #"""
            [{"identifier": "tea", "options": ["customDismissAction"],
              "actions": [{"identifier": "snooze", "title": "Snooze"}, {"identifier": "drink", "title": "Drink"}]}]
            """#.write(to: categories, atomically: true, encoding: .utf8)
            try await session.allow(app)
            #expect(try await session.unotify(["categories", "--app", app, "--set", categories.path]).status == 0)
            let listen = try session.start(["listen", "--app", app, "--count", "2"])
            defer { listen.stop() }
            try await session.waitForListening()
            for (number, (id, key, button)) in [("kettle", "drink", 1), ("cup", "snooze", 0)].enumerated() {
                let sent = try await session.unotify([
                    "send", "--app", app, "--id", id, "-c", "tea", "-t", "0", "Tea", id,
                ])
                #expect(sent.status == 0, "\(sent.stderr)")
                try await session.answer(key, button: button, of: 2, notifyCount: number + 1)
                try await session.waitForShown(0)
            }
            #expect(try await listen.wait(timeout: 20) == 0, "\(listen.standardError)")
            let actions = listen.standardOutput.split(separator: "\n").map { line in
                ["kettle", "cup"].first { line.contains(#""identifier":"\#($0)""#) }.map { id in
                    "\(id) "
                        + (["drink", "snooze", "com.apple.UNNotificationDismissActionIdentifier"].first {
                            line.contains(#""action":"\#($0)""#)
                        } ?? "?")
                } ?? String(line)
            }
            let sent = session.monitor.messages.filter {
                $0.member == "ActionInvoked" || $0.member == "NotificationClosed"
            }
            .map { "\($0.member ?? "")(\($0.scalar(0) ?? ""), \($0.scalar(1) ?? ""))" }
            #expect(actions == ["kettle drink", "cup snooze"], "the server sent \(sent)")
            print("AnsweredOnceMatrixTests: \(server.name): the server sent \(sent); listen printed \(actions)")
        }
    }
}

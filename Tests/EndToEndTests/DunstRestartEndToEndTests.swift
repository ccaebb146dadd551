import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// Real dunst killed under an open permission prompt and started again: the prompt's
    /// `unotify request` ends with an error that says to ask again (it does not hang), and the
    /// new dunst's notification with the same id, clicked by dunst itself on an action whose
    /// key is `allow`, reaches only the app that sent it.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct DunstRestartEndToEndTests {
        @Test func afterDunstRestartsAClickReachesOnlyTheAppWhoseNotificationItWas() async throws {
            let session = try await MatrixSession(.dunst)
            let request = try session.start(["request", "--app", "org.example.Victim"])
            let prompt = try #require(try await session.monitor.waitForNotify(count: 1).first)
            let watcher = try DBusConnection(address: session.desktop.busAddress)
            let first = try #require(try await watcher.nameOwner(of: NotificationsService.busName))
            kill(pid_t(try await watcher.processID(of: NotificationsService.busName)), SIGKILL)
            #expect(try await request.wait(timeout: 20) != 0)
            #expect(request.standardError.contains("ask again"), "request said: \(request.standardError)")

            let config = session.desktop.stateDirectory.appendingPathComponent("dunstrc").path
            let dunst = try ChildProcess(
                "/usr/bin/dunst", ["-config", config], environment: session.desktop.environment)
            defer { dunst.stop() }
            try await Eventually.wait(timeout: .seconds(15), "a new dunst owns the name") {
                let owner = try await watcher.nameOwner(of: NotificationsService.busName)
                return owner != nil && owner != first
            }
            let app = "org.example.Chat"
            let categories = session.state.url.appendingPathComponent("categories.json")
            try #"[{"identifier": "m", "actions": [{"identifier": "allow", "title": "Allow lunch"}]}]"#
                .write(to: categories, atomically: true, encoding: .utf8)
            try await session.allow(app)
            #expect(try await session.unotify(["categories", "--app", app, "--set", categories.path]).status == 0)
            let listen = try session.start(["listen", "--app", app, "--count", "1"])
            let sent = try await session.unotify(["send", "--app", app, "--id", "lunch", "-c", "m", "Lunch?"])
            #expect(sent.status == 0, "\(sent.stderr)")
            let lunch = try #require(try await session.monitor.waitForNotify(count: 2).last)
            #expect(lunch.returnedID == prompt.returnedID, "the new dunst numbers from 1 again")
            try await session.desktop.dunstInvoke("allow")
            #expect(try await listen.wait(timeout: 20) == 0)
            #expect(
                listen.standardOutput.contains(#""identifier":"lunch","action":"allow""#), "\(listen.standardOutput)")
            #expect(try await session.status(of: "org.example.Victim") == "notDetermined")
            await watcher.close()
        }
    }
}

import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The permission prompt on every real server: the user's answer, a click made by the server
    /// (dunst's menu) or by xdotool on the real button, decides; on a server without buttons
    /// (notify-osd) the prompt shows the command that answers it, and the caller is told.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct PromptMatrixTests {
        @Test(arguments: MatrixServer.all)
        func allowAuthorizesAndTheAppsNotificationsArrive(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, sharingDesktop: true)
            let app = "org.example.Tea"
            if server.hand == .none {
                let request = try await session.unotify(["request", "--app", app])
                #expect(request.status == 1)
                #expect(request.stderr.contains("unotify settings \(app) allow"))
                let prompt = try #require(try await session.monitor.waitForNotify(count: 1).first)
                #expect(prompt.actions.isEmpty)
                #expect(prompt.body.contains("unotify settings \(app) allow"))
                // It stays until the user closes it (notify-osd shows it as a dialog, id 0).
                #expect(prompt.expireTimeout == 0)
                #expect(try await session.status(of: app) == "notDetermined")
                try await session.allow(app)
            } else {
                let request = try session.start(["request", "--app", app, "--timeout", "30"])
                try await session.answer("allow", button: 0, of: 2, notifyCount: 1)
                #expect(try await request.wait(timeout: 20) == 0)
                #expect(request.standardOutput == "authorized\n")
                try await session.waitForShown(0)  // the answered prompt leaves the screen
                #expect(session.monitor.notifyCalls.first?.actions == ["allow", "Allow", "deny", "Don’t Allow"])
            }
            #expect(try await session.status(of: app) == "authorized")
            let sent = try await session.unotify(["send", "--app", app, "Tea", "is ready"])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(try await session.monitor.waitForNotify(count: 2).last?.summary == "Tea")
        }

        @Test(arguments: MatrixServer.withButtons)
        func dontAllowDeniesAndNothingMoreReachesTheServer(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, sharingDesktop: true)
            let app = "org.example.Spam"
            let request = try session.start(["request", "--app", app, "--timeout", "30"])
            try await session.answer("deny", button: 1, of: 2, notifyCount: 1)
            #expect(try await request.wait(timeout: 20) == 1)
            #expect(request.standardOutput == "denied\n")
            try await session.waitForShown(0)
            #expect(try await session.status(of: app) == "denied")
            let sent = try await session.unotify(["send", "--app", app, "Buy now"])
            #expect(sent.status == 1)
            #expect(sent.stderr.contains("not allowed"))
            // Only the prompt reached the server as a new notification before a marker sent after
            // (from the agent too, so in order on the bus); on notification-daemon the agent also
            // replaced the answered prompt with one that expires at once (it leaves a closed popup
            // on screen).
            try await session.allow("org.example.Marker")
            #expect(try await session.unotify(["send", "--app", "org.example.Marker", "Marker"]).status == 0)
            try await Eventually.wait(timeout: .seconds(10), "the marker's Notify on the bus") {
                session.monitor.notifyCalls.contains { $0.summary == "Marker" }
            }
            let beforeMarker = session.monitor.notifyCalls.prefix { $0.summary != "Marker" }
            #expect(beforeMarker.filter { $0.replacesID == 0 }.count == 1, "only the prompt reached the server")
        }
    }
}

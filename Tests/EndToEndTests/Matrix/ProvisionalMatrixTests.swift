import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Provisional authorization on every real server: the quiet notification's Keep… and
    /// Turn Off… are answered by the user's clicks, after the requesting and sending processes
    /// have exited (the agent gets the clicks). Without buttons (notify-osd) the notification
    /// carries the commands that answer it.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct ProvisionalMatrixTests {
        /// Authorizes `app` provisionally and sends it one notification; returns that `Notify`.
        private func provisionalNotification(_ session: MatrixSession, app: String) async throws -> NotifyCall {
            #expect(try await session.output(["request", "--app", app, "--provisional"]) == "provisional\n")
            let sent = try await session.unotify(["send", "--app", app, "New mail", "From Ann"])
            #expect(sent.status == 0, "\(sent.stderr)")
            return try #require(try await session.monitor.waitForNotify(count: 1).first)
        }

        @Test(arguments: MatrixServer.all)
        func keepThenDeliverProminentlyAuthorizes(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, sharingDesktop: true)
            let app = "org.example.Mail"
            let quiet = try await provisionalNotification(session, app: app)
            if server.hand == .none {
                #expect(quiet.actions.isEmpty)
                #expect(quiet.body.contains("unotify settings \(app) allow"))
                // The commands must be seen: Enlightenment shows no low-urgency notification.
                if server.family == "enlightenment" { try await session.waitForShown(1) }
                try await session.allow(app)
            } else {
                #expect(quiet.actions == ["unotify-keep", "Keep…", "unotify-turn-off", "Turn Off…"])
                try await session.answer("unotify-keep", button: 0, of: 2, notifyCount: 1)
                let followUp = try #require(try await session.monitor.waitForNotify(count: 2).last)
                #expect(followUp.actions == ["prominent", "Deliver Prominently", "quiet", "Deliver Quietly"])
                try await session.answer("prominent", button: 0, of: 2, notifyCount: 2)
            }
            try await session.waitForStatus("authorized", of: app)
            if server.hand != .none { try await session.waitForShown(0) }  // answered popups leave the screen
        }

        @Test(arguments: MatrixServer.all)
        func turnOffThenConfirmDenies(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, sharingDesktop: true)
            let app = "org.example.News"
            let quiet = try await provisionalNotification(session, app: app)
            if server.hand == .none {
                #expect(quiet.body.contains("unotify settings \(app) deny"))
                #expect(try await session.unotify(["settings", app, "deny"]).status == 0)
            } else {
                try await session.answer("unotify-turn-off", button: 1, of: 2, notifyCount: 1)
                let confirmation = try #require(try await session.monitor.waitForNotify(count: 2).last)
                #expect(confirmation.actions == ["turn-off-all", "Turn Off All Notifications", "cancel", "Cancel"])
                try await session.answer("turn-off-all", button: 0, of: 2, notifyCount: 2)
            }
            try await session.waitForStatus("denied", of: app)
            if server.hand != .none { try await session.waitForShown(0) }
            #expect(try await session.unotify(["send", "--app", app, "Headline"]).status == 1)
        }
    }
}

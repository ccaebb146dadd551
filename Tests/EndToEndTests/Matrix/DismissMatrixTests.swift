import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The user closing a popup on every server where they can: the agent forgets the delivered
    /// notification and, for a category with `customDismissAction`, reports the dismissal, as
    /// iOS does. mate reports its close button as "expired", so no dismissal reaches the app
    /// there (`ServerProfile.reportsDismissal`); notify-osd's bubbles cannot be closed.
    /// Enlightenment reports its close cross with reason 1, its own number for a dismissal
    /// (`ServerProfile.closeReason(wireValue:)`), so there the dismissal reaches the app. Phosh's
    /// banner is swiped away (a drag of the Wayland pointer) and reported with reason 3, which the
    /// agent reads as a dismissal of a notification it still holds
    /// (`ServerProfile.reportsDismissalAsClosedByCall`).
    @Suite(.serialized, .timeLimit(.minutes(3))) struct DismissMatrixTests {
        @Test(arguments: MatrixServer.withDismissal)
        func closingAPopupIsReportedAsADismissal(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, sharingDesktop: true)
            let app = "org.example.Tea"
            let categories = session.state.url.appendingPathComponent("categories.json")
            try #"[{"identifier": "tea", "actions": [], "options": ["customDismissAction"]}]"#
                .write(to: categories, atomically: true, encoding: .utf8)
            try await session.allow(app)
            #expect(try await session.unotify(["categories", "--app", app, "--set", categories.path]).status == 0)
            #expect(
                try await session.unotify(["send", "--app", app, "--id", "kettle", "-c", "tea", "Tea", "is ready"])
                    .status == 0)
            let id = try #require(try await session.monitor.waitForNotify(count: 1).first?.returnedID)
            try await session.waitForShown(1)
            let listen = try session.start(["listen", "--app", app])
            try await session.waitForListening()
            try await session.dismissNewest()
            let reason = try #require(server.dismissal?.reason)
            try await Eventually.wait(timeout: .seconds(10), "NotificationClosed(\(id), \(reason)) from \(server.name)")
            {
                session.monitor.closedSignals.contains { $0.id == id && $0.reason == reason }
            }
            try await Eventually.wait(timeout: .seconds(10), "the agent forgets the closed notification") {
                try await session.delivered(app).isEmpty
            }
            if server.dismissalReported {
                try await Eventually.wait(timeout: .seconds(10), "the dismissal reaches listen") {
                    listen.standardOutput.contains(#""action":"com.apple.UNNotificationDismissActionIdentifier""#)
                }
            } else {
                // A second notification, closed the same way: the agent handles the server's
                // events one after the other, so once it has forgotten this one it has finished
                // with the first close, and a response sent for that passes the bus before its
                // answer to `delivered`.
                #expect(
                    try await session.unotify(["send", "--app", app, "--id", "cup", "-c", "tea", "Cup", "is ready"])
                        .status == 0)
                try await session.monitor.waitForNotify(count: 2)
                try await session.waitForShown(1)
                try await session.dismissNewest()
                try await Eventually.wait(timeout: .seconds(10), "the agent forgets the second closed notification") {
                    try await session.delivered(app).isEmpty
                }
                let untilAnswer = try await session.monitor.messagesUntilAnswer(toNewest: "ListDelivered")
                #expect(
                    !untilAnswer.contains { $0.kind == "signal" && $0.member == "Response" },
                    "an expiry is not a dismissal")
                #expect(!listen.hasExited, "listen still listens: \(listen.standardError)")
                #expect(listen.standardOutput.isEmpty, "an expiry is not a dismissal")
                // …and the user is told so.
                #expect(try await session.output(["server", "--explain"]).contains("reports a close like a timeout"))
            }
            listen.stop()
        }
    }
}

import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Closing on every real server: `unotify remove` takes the app's notification down, the
    /// delivered list no longer has it, and the popup leaves the screen. Where `CloseNotification`
    /// does that, the server reports the notification closed (reason 3); notification-daemon
    /// leaves a closed popup drawn, so there the agent replaces it with a copy that expires at
    /// once (no signal: it sends none on expiry); notify-osd's bubble stays for its fixed time
    /// whatever the client does; Enlightenment reports the close with reason 2, its numbering
    /// being one lower than the specification's (measured).
    @Suite(.serialized, .timeLimit(.minutes(3))) struct CloseMatrixTests {
        @Test(arguments: MatrixServer.all)
        func removingADeliveredNotificationClosesIt(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, sharingDesktop: true)
            let app = "org.example.Timer"
            try await session.allow(app)
            #expect(
                try await session.unotify(["send", "--app", app, "--id", "egg", "Egg timer", "Running"]).status == 0)
            let id = try #require(try await session.monitor.waitForNotify(count: 1).first?.returnedID)
            try await session.waitForShown(1)
            #expect(try await session.output(["remove", "--app", app, "--delivered", "egg"]) == "1\n")
            if server.closeRemovesPopup || server.hand == .none {
                let reason = server.closedByCallReason
                try await Eventually.wait(
                    timeout: .seconds(10), "NotificationClosed(\(id), \(reason)) from \(server.name)"
                ) {
                    session.monitor.closedSignals.contains { $0.id == id && $0.reason == reason }
                }
            } else {
                let replaced = try await session.monitor.waitForNotify(count: 2)[1]
                #expect(replaced.replacesID == id && replaced.expireTimeout == 1 && replaced.actions.isEmpty)
            }
            if server.hand != .none || server.closeRemovesPopup { try await session.waitForShown(0) }
            #expect(try await session.delivered(app) == "")
        }
    }
}

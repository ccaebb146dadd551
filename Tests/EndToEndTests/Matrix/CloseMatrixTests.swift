import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Closing on every real server: `unotify remove` closes the app's notification with
    /// `CloseNotification`, the server reports it closed (reason 3), the popup leaves the screen
    /// (except where the server keeps it: notification-daemon and notify-osd, testbed) and the
    /// delivered list no longer has it.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct CloseMatrixTests {
        @Test(arguments: MatrixServer.all)
        func removingADeliveredNotificationClosesIt(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server)
            let app = "org.example.Timer"
            try await session.allow(app)
            #expect(try await session.unotify(["send", "--app", app, "--id", "egg", "Egg timer", "Running"]).status == 0)
            let id = try #require(try await session.monitor.waitForNotify(count: 1).first?.returnedID)
            try await session.waitForShown(1)
            let removed = try await session.unotify(["remove", "--app", app, "--delivered", "egg"])
            #expect(removed.stdout == "1\n")
            try await Eventually.wait(timeout: .seconds(10), "NotificationClosed(\(id), 3) from \(server.name)") {
                session.monitor.closedSignals.contains { $0.id == id && $0.reason == 3 }
            }
            if server.closeRemovesPopup { try await session.waitForShown(0) }
            #expect(try await session.unotify(["delivered", "--app", app]).stdout == "")
        }
    }
}

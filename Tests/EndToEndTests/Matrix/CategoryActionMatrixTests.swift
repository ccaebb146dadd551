import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// A category's actions on every real server: the user's click reaches `unotify listen`; a
    /// server without buttons gets the notification without them (a bubble, not a dialog).
    @Suite(.serialized, .timeLimit(.minutes(3))) struct CategoryActionMatrixTests {
        @Test(arguments: MatrixServer.all)
        func theClickedActionReachesTheApp(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, sharingDesktop: true)
            let app = "org.example.Tea"
            try await session.allowWithTeaCategory(app)
            let sent = try await session.unotify([
                "send", "--app", app, "--id", "kettle", "-c", "tea", "Tea", "is ready",
            ])
            #expect(sent.status == 0, "\(sent.stderr)")
            let notify = try #require(try await session.monitor.waitForNotify(count: 1).first)
            if server.hand == .none {
                #expect(notify.actions.isEmpty)
                #expect((notify.returnedID ?? 0) > 0, "a bubble, not notify-osd's fallback dialog (id 0)")
                return
            }
            #expect(notify.actionKeys.contains("snooze") && notify.actionKeys.contains("drink"))
            // Nobody listens yet: the agent keeps the click until the app listens.
            try await session.answer("drink", button: 1, of: 2, notifyCount: 1)
            // The answered notification leaves the screen (lxqt: the agent closes it).
            try await session.waitForShown(0)
            let listen = try session.start(["listen", "--app", app, "--count", "1"])
            #expect(try await listen.wait(timeout: 20) == 0)
            #expect(listen.standardOutput.contains(#""identifier":"kettle","action":"drink","title":"Tea""#))
        }
    }
}

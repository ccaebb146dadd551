import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Replacing by identifier on every real server: a second request with the same identifier
    /// goes out with `replaces_id`, the server keeps its id (Enlightenment replaces the popup but
    /// answers with a new id, which the agent then lists), and one notification is shown.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct ReplaceMatrixTests {
        @Test(arguments: MatrixServer.all)
        func theSameIdentifierReplacesTheShownNotification(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, sharingDesktop: true)
            let app = "org.example.Score"
            try await session.allow(app)
            #expect(
                try await session.unotify(["send", "--app", app, "--id", "match", "1 : 0", "First goal"]).status == 0)
            try await session.waitForShown(1)
            #expect(
                try await session.unotify(["send", "--app", app, "--id", "match", "1 : 1", "Equaliser"]).status == 0)
            let calls = try await session.monitor.waitForNotify(count: 2)
            let first = try #require(calls.first?.returnedID)
            #expect(calls[1].replacesID == first)
            let shown = try #require(calls[1].returnedID)
            if server.keepsIDOnReplace {
                #expect(shown == first, "the server kept the replaced notification's id")
            }
            try await session.waitForShown(1)
            #expect(try await session.delivered(app) == "match\t\(shown)\t1 : 1\n")
        }
    }
}

import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `unotify server --explain` on every real server: the product's table (`ServerProfile`),
    /// applied to what the running server says of itself, against what was measured on each server.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct ExplainMatrixTests {
        @Test(arguments: MatrixServer.all)
        func theExplanationNamesWhatDegradesHere(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, sharingDesktop: true)
            let explain = try await session.unotify(["server", "--explain"])
            #expect(explain.status == 0, "\(explain.stderr)")
            let lines = explain.stdout.split(separator: "\n").dropFirst()
            let degraded = Set(
                lines.filter { $0.hasPrefix("degrades ") }.compactMap { line in
                    line.dropFirst("degrades ".count).split(separator: ":").first.map(String.init)
                })
            let everywhere: Set<String> =
                server.takesInlineReply ? ["icons on buttons"] : ["typed replies", "icons on buttons"]
            #expect(degraded == server.degradedFeatures.union(everywhere))
            #expect(lines.count >= 10, "one line per feature")
        }
    }
}

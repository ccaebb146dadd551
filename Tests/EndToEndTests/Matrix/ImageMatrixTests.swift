import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// An app's image drawn in the real popup, proven by a screenshot's pixels: a red square sent
    /// through the agent (`send --app --image`), on every server but notify-osd
    /// (``MatrixServer/imageCaseRuns``): Cinnamon and Budgie draw only a plain path, awesome only
    /// an app icon, lxqt only `image_path` (`ServerProfile`).
    @Suite(.serialized, .timeLimit(.minutes(3))) struct ImageMatrixTests {
        @Test(arguments: MatrixServer.able(MatrixServer.all, "see an app's image") { $0.imageCaseRuns })
        func theAppsImageIsDrawn(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, sharingDesktop: true)
            let image = session.state.url.appendingPathComponent("red.png")
            let (made, _) = try await session.desktop.run("convert", ["-size", "64x64", "xc:#ff0000", image.path])
            #expect(made == 0)
            try await session.allow("org.example.Cam")
            let sent = try await session.unotify([
                "send", "--app", "org.example.Cam", "-t", "0", "--image", image.path, "Photo", "A red square",
            ])
            #expect(sent.status == 0, "\(sent.stderr)")
            try await session.desktop.waitForPixels("#FF0000", moreThan: 500, in: session.state.url)
        }
    }
}

import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// An image in a real lxqt-notificationd popup, proven from a screenshot's pixels, sent
    /// directly (`unotify send --image`) and through the agent (`--app`), on 1.2 and 2.4.
    /// lxqt-notificationd 1.2 draws nothing when `image-path` is sent beside `image_path`
    /// (docs/research/lxqt-images.md), so it is sent `image_path` alone; 2.4 is sent both (it
    /// draws either). Both scale the 64×64 image to 32×32, so 1 024 red pixels are drawn.
    @Suite(.serialized, .timeLimit(.minutes(2))) struct LxqtImageEndToEndTests {
        static func redSquare(on desktop: TestDesktop, in files: TemporaryDirectory) async throws -> URL {
            let image = files.url.appendingPathComponent("red.png")
            let (made, _) = try await desktop.run("convert", ["-size", "64x64", "xc:#ff0000", image.path])
            #expect(made == 0)
            return image
        }

        @Test(arguments: ["lxqt", "lxqt-2.4"])
        func theImageIsDrawnInThePopup(_ server: String) async throws {
            let desktop = try await TestDesktop(server: server)
            let files = try TemporaryDirectory()
            let image = try await Self.redSquare(on: desktop, in: files)
            let sent = try await UNotifyProcess.run(
                ["send", "-t", "0", "--image", image.path, "Photo", "A red square"],
                busAddress: desktop.busAddress)
            #expect(sent.status == 0)
            try await desktop.waitForPixels("#FF0000", moreThan: 500, in: files.url)
        }

        @Test(arguments: ["lxqt", "lxqt-2.4"])
        func theAgentsImageIsDrawnInThePopup(_ server: String) async throws {
            let desktop = try await TestDesktop(server: server)
            let files = try TemporaryDirectory()
            let state = try TemporaryDirectory("unotify-e2e-state")
            let environment = ["XDG_STATE_HOME": state.path, "LANG": "C.UTF-8"]
            let image = try await Self.redSquare(on: desktop, in: files)
            #expect(
                try await UNotifyProcess.run(
                    ["settings", "org.example.Cam", "allow"], busAddress: desktop.busAddress,
                    extraEnvironment: environment
                ).status == 0)
            let sent = try await UNotifyProcess.run(
                ["send", "--app", "org.example.Cam", "--image", image.path, "Photo"],
                busAddress: desktop.busAddress, extraEnvironment: environment)
            #expect(sent.status == 0)
            try await desktop.waitForPixels("#FF0000", moreThan: 500, in: files.url)
        }
    }
}

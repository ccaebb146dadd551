import DBus
import Foundation
import FreedesktopNotifications
import Testing
import TestSupport

/// `--image` and `--progress`, with and without the agent, against a fake server.
@Suite(.timeLimit(.minutes(1))) struct AttachmentAndProgressTests {
    static func png(in directory: TemporaryDirectory) throws -> URL {
        // A 1×1 PNG, enough for the hints (the e2e test renders a real one).
        let bytes: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0,
            1,
            8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xDE, 0, 0, 0, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x08, 0xD7, 0x63, 0xF8, 0xCF,
            0xC0, 0, 0, 0x03, 0x01, 0x01, 0x00, 0x18, 0xDD, 0x8D, 0xB0, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42,
            0x60, 0x82,
        ]
        let url = directory.url.appendingPathComponent("dot.png")
        try Data(bytes).write(to: url)
        return url
    }

    @Test func withoutTheAgentTheHintsGoStraightToTheServer() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let files = try TemporaryDirectory()
        let image = try Self.png(in: files)
        let result = try await UNotifyProcess.run(
            ["send", "--progress", "42", "--image", image.path, "Copying"],
            busAddress: bus.address)
        #expect(result.status == 0)
        let call = try await fake.nextCall()
        #expect(call.request.hints.vendor["value"] == DBusVariant(Int32(42)))
        #expect(call.request.hints.imagePath == "file://" + image.path)
        #expect(call.hintKeys.isSuperset(of: ["image-path", "image_path"]))
        let bad = try await UNotifyProcess.run(["send", "--progress", "150", "x"], busAddress: bus.address)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("0 to 100"))
    }

    @Test func lxqtGetsOnlyTheLegacySpellingItDraws() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(
            address: bus.address, capabilities: ["actions", "body", "body-markup", "persistence"],
            information: ServerInformation(
                name: "lxqt-notificationd", vendor: "lxqt.org", version: "1.2.0", specVersion: "1.2"))
        let files = try TemporaryDirectory()
        let image = try Self.png(in: files)
        let result = try await UNotifyProcess.run(["send", "--image", image.path, "Photo"], busAddress: bus.address)
        #expect(result.status == 0)
        let call = try await fake.nextCall()
        #expect(call.hintKeys.contains("image_path") && !call.hintKeys.contains("image-path"))
        #expect(call.request.hints.imagePath == "file://" + image.path)
    }

    @Test func theAgentKeepsItsOwnCopyOfTheImage() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-state")
        let files = try TemporaryDirectory()
        let image = try Self.png(in: files)
        let environment = ["XDG_STATE_HOME": state.path]
        #expect(
            try await UNotifyProcess.run(
                ["settings", "org.example.Cam", "allow"], busAddress: bus.address,
                extraEnvironment: environment
            ).status == 0)
        let sent = try await UNotifyProcess.run(
            ["send", "--app", "org.example.Cam", "--image", image.path, "--progress", "7", "Photo"],
            busAddress: bus.address, extraEnvironment: environment)
        #expect(sent.status == 0)
        let call = try await fake.nextCall()
        let shown = try #require(call.request.hints.imagePath)
        #expect(shown.hasPrefix("file://" + state.path + "/unotify/attachments/"))
        try FileManager.default.removeItem(at: image)
        let copy = String(shown.dropFirst("file://".count))
        #expect(FileManager.default.contents(atPath: copy)?.count == 69)
        #expect(call.request.hints.vendor["value"] == DBusVariant(Int32(7)))
        try await fake.emit(.closed(call.id, .dismissed))
        try await Eventually.wait(timeout: .seconds(5), "the copy is removed when the notification closes") {
            !FileManager.default.fileExists(atPath: copy)
        }
    }
}

import FreedesktopNotifications
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(1))) struct ServerCommandTests {
    @Test func printsNameVersionAndCapabilities() async throws {
        let bus = try PrivateBus()
        _ = try await FakeNotificationServer(
            address: bus.address, capabilities: ["body", "actions", "x-vendor"],
            information: ServerInformation(name: "fake", vendor: "tests", version: "9.9", specVersion: "1.2"))
        let text = try await UNotifyProcess.run(["server"], busAddress: bus.address)
        #expect(text.status == 0)
        #expect(
            text.stdout
                == "name: fake\nvendor: tests\nversion: 9.9\nspec version: 1.2\ncapabilities: actions body x-vendor\n")
        let json = try await UNotifyProcess.run(["server", "--json"], busAddress: bus.address)
        #expect(
            json.stdout
                == #"{"name":"fake","vendor":"tests","version":"9.9","specVersion":"1.2","capabilities":["actions","body","x-vendor"]}"#
                + "\n")
    }

    @Test func explainSaysWhatDegrades() async throws {
        let bus = try PrivateBus()
        _ = try await FakeNotificationServer(
            address: bus.address, capabilities: ["body"],
            information: ServerInformation(
                name: "notify-osd", vendor: "Canonical Ltd", version: "1", specVersion: "1.1"))
        let result = try await UNotifyProcess.run(["server", "--explain"], busAddress: bus.address)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("notify-osd 1 (Canonical Ltd), spec 1.1\n"))
        #expect(result.stdout.contains("degrades buttons: no buttons"))
        #expect(result.stdout.contains("degrades formatted text: text is sent plain"))
        #expect(result.stdout.contains("works    sound: the server plays no sound hint"))
        // The quirks table's rows for this server, with their evidence.
        #expect(
            result.stdout.contains(
                "measured draws images from image_path only (every version): 0.9.35: draws image_path only"),
            "\(result.stdout)")
    }

    @Test func noServerExitsTwo() async throws {
        let bus = try PrivateBus()
        let result = try await UNotifyProcess.run(["server"], busAddress: bus.address)
        #expect(result.status == 2)
        #expect(result.stderr.contains("no notification server"))
    }
}

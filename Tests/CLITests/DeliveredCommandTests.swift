import FreedesktopNotifications
import Testing
import TestSupport

/// `send --app --id`, `delivered` and `remove` as processes, against a fake server.
@Suite(.timeLimit(.minutes(1))) struct DeliveredCommandTests {
    @Test func replaceByIdentifierListAndRemove() async throws {
        let bus = try PrivateBus()
        let fake = try await FakeNotificationServer(address: bus.address)
        let state = try TemporaryDirectory("unotify-state")
        let environment = ["XDG_STATE_HOME": state.path]
        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await UNotifyProcess.run(arguments, busAddress: bus.address, extraEnvironment: environment)
        }
        #expect(try await unotify(["settings", "org.example.Build", "allow"]).status == 0)
        let first = try await unotify(["send", "--app", "org.example.Build", "--id", "build", "-p", "Building", "1 %"])
        #expect(first.status == 0)
        let firstCall = try await fake.nextCall()
        #expect(first.stdout == "\(firstCall.id.rawValue)\n")
        let second = try await unotify([
            "send", "--app", "org.example.Build", "--id", "build", "-p", "Building", "99 %",
        ])
        let secondCall = try await fake.nextCall()
        #expect(secondCall.request.replacesID == firstCall.id)
        #expect(second.stdout == first.stdout)
        let listed = try await unotify(["delivered", "--app", "org.example.Build"])
        #expect(listed.stdout == "build\t\(firstCall.id.rawValue)\tBuilding\n")
        let removed = try await unotify(["remove", "--app", "org.example.Build", "build"])
        #expect(removed.stdout == "1\n")
        try await fake.waitForClose(of: firstCall.id)
        #expect(try await unotify(["delivered", "--app", "org.example.Build", "--json"]).stdout == "[]\n")
    }

    @Test func idWithoutAppIsRefused() async throws {
        let bus = try PrivateBus()
        let result = try await UNotifyProcess.run(["send", "--id", "x", "Summary"], busAddress: bus.address)
        #expect(result.status == 1)
        #expect(result.stderr.contains("need --app"))
    }
}

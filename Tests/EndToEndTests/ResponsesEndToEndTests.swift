import Foundation
import Testing
import TestSupport

/// Category actions and the user's answers through the built CLI and agent, on real dunst:
/// dunst itself invokes the action (`dunstctl context`).
@Suite(.serialized, .timeLimit(.minutes(2))) struct ResponsesEndToEndTests {
    @Test func aCategoryActionClickedInDunstReachesListen() async throws {
        let desktop = try await TestDesktop(server: "dunst")
        let state = try TemporaryDirectory("unotify-e2e-state")
        let environment = ["XDG_STATE_HOME": state.path, "LANG": "C.UTF-8"]
        func unotify(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
            try await UNotifyProcess.run(arguments, busAddress: desktop.busAddress, extraEnvironment: environment)
        }
        let categories = state.url.appendingPathComponent("categories.json")
        try #"[{"identifier": "tea", "actions": [{"identifier": "snooze", "title": "Snooze"}, {"identifier": "drink", "title": "Drink"}]}]"#
            .write(to: categories, atomically: true, encoding: .utf8)
        #expect(try await unotify(["settings", "org.example.Tea", "allow"]).status == 0)
        #expect(try await unotify(["categories", "--app", "org.example.Tea", "--set", categories.path]).status == 0)
        let sent = try await unotify(["send", "--app", "org.example.Tea", "--id", "kettle", "-c", "tea", "Tea", "is ready"])
        #expect(sent.status == 0)
        try await desktop.dunstWaitDisplayed(1)
        // Nobody listens yet: the click is kept by the agent until the app listens.
        try await desktop.dunstInvoke("snooze")
        #expect(desktop.dunstMenus().last?.contains("Drink") == true)
        let listen = try UNotifyProcess.start(["listen", "--app", "org.example.Tea", "--count", "1"],
                                              busAddress: desktop.busAddress, extraEnvironment: environment)
        #expect(try await listen.wait(timeout: 20) == 0)
        #expect(listen.standardOutput.contains(#""identifier":"kettle","action":"snooze","title":"Tea""#))
    }
}

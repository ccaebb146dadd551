import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// What only KDE Plasma does, on the real Plasma popup (`desktop-up plasma`): the
    /// `ActivationToken` it sends before `ActionInvoked`.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct PlasmaEndToEndTests {
        @Test func theActivationTokenReachesAForegroundActionsResponse() async throws {
            let session = try await MatrixSession(.plasma)
            let app = "org.example.Chat"
            let categories = session.state.url.appendingPathComponent("categories.json")
            try #"[{"identifier": "message", "actions": [{"identifier": "open-chat", "title": "Open Chat", "options": ["foreground"]}]}]"#
                .write(to: categories, atomically: true, encoding: .utf8)
            try await session.allow(app)
            #expect(try await session.unotify(["categories", "--app", app, "--set", categories.path]).status == 0)
            #expect(try await session.unotify(["send", "--app", app, "--id", "m1", "-c", "message", "Ann", "Lunch?"]).status == 0)
            try await session.answer("open-chat", button: 0, of: 1, notifyCount: 1)
            let signals = session.monitor.messages.filter { $0.kind == "signal" }
            let tokenIndex = try #require(signals.firstIndex { $0.member == "ActivationToken" }, "Plasma sent no ActivationToken")
            let actionIndex = try #require(signals.firstIndex { $0.member == "ActionInvoked" })
            #expect(tokenIndex < actionIndex, "the token comes before the action")
            let token = try #require(signals[tokenIndex].scalar(1))
            #expect(!token.isEmpty)
            let listen = try session.start(["listen", "--app", app, "--count", "1"])
            #expect(try await listen.wait(timeout: 20) == 0)
            #expect(listen.standardOutput.contains(#""identifier":"m1","action":"open-chat""#), "\(listen.standardOutput)")
            #expect(listen.standardOutput.contains(#""activationToken":"\#(token)""#), "\(listen.standardOutput)")
        }
    }
}

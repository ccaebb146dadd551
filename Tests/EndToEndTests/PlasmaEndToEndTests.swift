import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// What only KDE Plasma does, on the real Plasma popup (`desktop-up plasma`): the
    /// `ActivationToken` it sends before `ActionInvoked`, and its do-not-disturb (`Inhibited`);
    /// and an app's image drawn in the popup (screenshot pixels).
    @Suite(.serialized, .timeLimit(.minutes(3))) struct PlasmaEndToEndTests {
        @Test func theAgentsImageIsDrawnInThePopup() async throws {
            let session = try await MatrixSession(.plasma)
            let app = "org.example.Cam"
            let image = session.state.url.appendingPathComponent("red.png")
            #expect(try await session.desktop.run("convert", ["-size", "64x64", "xc:#ff0000", image.path]).0 == 0)
            try await session.allow(app)
            let sent = try await session.unotify(["send", "--app", app, "--image", image.path, "Photo", "A red square"])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(try await session.monitor.waitForNotify(count: 1).first?.hintKeys.contains("image-path") == true)
            try await session.desktop.waitForPixels("#FF0000", moreThan: 500, in: session.state.url)
        }

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

            // Plasma may report the answered notification closed more than once (reason 3 twice
            // was seen): the agent forgets it once, and the same identifier later is a new
            // notification, not a replacement of the closed one.
            let id = try #require(try await session.monitor.waitForNotify(count: 1).first?.returnedID)
            try await Eventually.wait(timeout: .seconds(10), "Plasma reports \(id) closed") {
                session.monitor.closedSignals.contains { $0.id == id }
            }
            try await Eventually.wait(timeout: .seconds(10), "the agent forgets the answered notification") {
                try await session.unotify(["delivered", "--app", app]).stdout.isEmpty
            }
            #expect(try await session.unotify(["send", "--app", app, "--id", "m1", "-c", "message", "Ann", "Again?"]).status == 0)
            #expect(try await session.monitor.waitForNotify(count: 2).last?.replacesID == 0)
            try await session.waitForShown(1)
        }

        /// While Plasma's do-not-disturb is on it shows a normal notification in its history only,
        /// without a popup or sound (a critical one still pops up; measured). The agent plays
        /// the sound itself on Plasma (it sends `suppress-sound`), so it must stay silent too,
        /// and the notification is delivered all the same.
        @Test func doNotDisturbSilencesTheAgentsSoundAndStillDelivers() async throws {
            let session = try await MatrixSession(.plasma, pulse: true)
            let app = "org.example.Bell"
            try await session.allow(app)
            let heard = try await session.soundsHeard {
                let focus = try await DoNotDisturb(address: session.desktop.busAddress)
                #expect(try await focus.isInhibited())
                let sent = try await session.unotify(["send", "--app", app, "--id", "ding", "--sound", "default", "Ding"])
                #expect(sent.status == 0, "\(sent.stderr)")
                try await focus.end()
                #expect(try await !focus.isInhibited())
            }
            #expect(heard.count == 1 && heard.markers < 2.1, "heard \(heard.count) sound(s), \(heard.markers) markers loud")
            let delivered = try await session.unotify(["delivered", "--app", app])
            #expect(delivered.stdout.hasPrefix("ding\t"), "\(delivered.stdout)")
            // …and the user is told so.
            let explain = try await session.unotify(["server", "--explain"]).stdout
            #expect(explain.contains("do not disturb") && explain.contains("plays no sound"), "\(explain)")
        }

        /// The permission prompt is critical, so it pops up through Plasma's do-not-disturb and
        /// is answered there as anywhere.
        @Test func underDoNotDisturbThePermissionPromptStillPopsUp() async throws {
            let session = try await MatrixSession(.plasma)
            let focus = try await DoNotDisturb(address: session.desktop.busAddress)
            #expect(try await focus.isInhibited())
            let app = "org.example.Tea"
            let request = try session.start(["request", "--app", app, "--timeout", "30"])
            try await session.answer("allow", button: 0, of: 2, notifyCount: 1)
            #expect(try await request.wait(timeout: 20) == 0)
            #expect(request.standardOutput == "authorized\n")
            try await focus.end()
        }
    }
}

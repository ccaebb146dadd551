import Foundation
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// mako on a headless sway: it takes actions but draws no buttons, so each popup with
    /// choices names them and how to pick one (`makoctl menu`, which mako users bind to a key)
    /// in its first line of body, which mako's 100-pixel popup always shows; the user's pick in
    /// mako's own menu answers it. The matrix (`Matrix/`) runs every
    /// common case on mako too; here, what a mako user is shown.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct MakoEndToEndTests {
        /// The labels `makoctl menu` offered for the last menu, sorted.
        private func lastMenu(_ session: MatrixSession) throws -> [String] {
            try #require(session.desktop.makoMenus().last).sorted()
        }

        @Test func thePromptNamesItsChoicesAndTheMenuOffersThem() async throws {
            let session = try await MatrixSession(.mako)
            let app = "org.example.Tea"
            let request = try session.start(["request", "--app", app, "--timeout", "30"])
            let prompt = try #require(try await session.monitor.waitForNotify(count: 1).first)
            #expect(prompt.body.hasPrefix("Choose “Allow” or “Don’t Allow” with makoctl menu\n"), "\(prompt.body)")
            try await session.answer("allow", button: 0, of: 2, notifyCount: 1)
            #expect(try lastMenu(session) == ["Allow", "Don’t Allow"])
            #expect(try await request.wait(timeout: 20) == 0)
            #expect(request.standardOutput == "authorized\n")
        }

        /// Without a menu program: `makoctl invoke KEY` on the newest notification, with the key
        /// that docs/desktops/mako.md gives for the prompt.
        @Test func makoctlInvokeWithTheDocumentedKeyAnswersThePrompt() async throws {
            let session = try await MatrixSession(.mako)
            let app = "org.example.Spam"
            let request = try session.start(["request", "--app", app, "--timeout", "30"])
            try await session.monitor.waitForNotify(count: 1)
            let (status, _) = try await session.desktop.run("makoctl", ["invoke", "deny"])
            #expect(status == 0)
            #expect(try await request.wait(timeout: 20) == 1)
            #expect(request.standardOutput == "denied\n")
            try await session.waitForShown(0)
        }

        @Test func theProvisionalChoicesAreNamedAtEachStep() async throws {
            let session = try await MatrixSession(.mako)
            let app = "org.example.Mail"
            #expect(try await session.output(["request", "--app", app, "--provisional"]) == "provisional\n")
            #expect(try await session.unotify(["send", "--app", app, "New mail", "From Ann"]).status == 0)
            let quiet = try #require(try await session.monitor.waitForNotify(count: 1).first)
            #expect(quiet.body == "Choose “Keep…” or “Turn Off…” with makoctl menu\nFrom Ann")
            try await session.answer("unotify-turn-off", button: 1, of: 2, notifyCount: 1)
            let confirmation = try #require(try await session.monitor.waitForNotify(count: 2).last)
            #expect(
                confirmation.body.hasPrefix("Choose “Turn Off All Notifications” or “Cancel” with makoctl menu\n"),
                "\(confirmation.body)")
            try await session.answer("cancel", button: 1, of: 2, notifyCount: 2)
            #expect(try lastMenu(session) == ["Cancel", "Turn Off All Notifications"])
            try await session.waitForShown(0)
            #expect(try await session.status(of: app) == "provisional", "Cancel keeps the provisional authorization")
        }

        @Test func aCategorysActionsAreNamedAsTypedAndTheClickStaysOpen() async throws {
            let session = try await MatrixSession(.mako)
            let app = "org.example.Tea"
            let categories = session.state.url.appendingPathComponent("categories.json")
            try
                #"[{"identifier": "tea", "actions": [{"identifier": "snooze", "title": "Snooze"}, {"identifier": "milk", "title": "Milk & <Sugar>"}]}]"#
                .write(to: categories, atomically: true, encoding: .utf8)
            try await session.allow(app)
            #expect(try await session.unotify(["categories", "--app", app, "--set", categories.path]).status == 0)
            #expect(
                try await session.unotify(["send", "--app", app, "--id", "kettle", "-c", "tea", "Tea", "is ready"])
                    .status == 0)
            let notify = try #require(try await session.monitor.waitForNotify(count: 1).first)
            // mako reads markup: the title is escaped so it shows as typed; Open is the click.
            #expect(notify.body == "Choose “Snooze” or “Milk &amp; &lt;Sugar&gt;” with makoctl menu\nis ready")
            #expect(!notify.body.contains("Open"), "the default action is mako's left click, not a menu choice")
            try await session.answer("milk", button: 1, of: 2, notifyCount: 1)
            #expect(try lastMenu(session) == ["Milk & <Sugar>", "Open", "Snooze"])
            let listen = try session.start(["listen", "--app", app, "--count", "1"])
            #expect(try await listen.wait(timeout: 20) == 0)
            #expect(listen.standardOutput.contains(#""identifier":"kettle","action":"milk""#))
        }

        @Test func aNotificationWithOnlyTheClickGetsNoMenuLine() async throws {
            let session = try await MatrixSession(.mako)
            let app = "org.example.Chat"
            try await session.allow(app)
            #expect(try await session.unotify(["send", "--app", app, "Ann", "Lunch?"]).status == 0)
            let notify = try #require(try await session.monitor.waitForNotify(count: 1).first)
            #expect(notify.body == "Lunch?")
            #expect(notify.actionKeys == ["default"])
        }

        @Test func aRealLeftClickOpensAndARightClickDismisses() async throws {
            let session = try await MatrixSession(.mako)
            let app = "org.example.Tea"
            try await session.allow(app)
            #expect(try await session.unotify(["send", "--app", app, "--id", "kettle", "Tea", "is ready"]).status == 0)
            let kettle = try #require(try await session.monitor.waitForNotify(count: 1).first?.returnedID)
            try await session.waitForShown(1)
            try await session.desktop.makoClick()
            try await Eventually.wait(timeout: .seconds(10), "ActionInvoked(\(kettle), default) from mako") {
                session.monitor.messages.contains {
                    $0.member == "ActionInvoked" && $0.scalar(0) == String(kettle) && $0.scalar(1) == "default"
                }
            }
            let listen = try session.start(["listen", "--app", app, "--count", "1"])
            #expect(try await listen.wait(timeout: 20) == 0)
            #expect(
                listen.standardOutput.contains(
                    #""identifier":"kettle","action":"com.apple.UNNotificationDefaultActionIdentifier""#))

            #expect(try await session.unotify(["send", "--app", app, "--id", "cup", "Cup", "is ready"]).status == 0)
            let cup = try #require(try await session.monitor.waitForNotify(count: 2).last?.returnedID)
            try await session.waitForShown(1)
            try await session.desktop.makoClick(right: true)
            try await Eventually.wait(timeout: .seconds(10), "NotificationClosed(\(cup), 2) from mako") {
                session.monitor.closedSignals.contains { $0.id == cup && $0.reason == 2 }
            }
            try await Eventually.wait(timeout: .seconds(10), "the agent forgets the dismissed notification") {
                try await session.delivered(app).isEmpty
            }
        }

        @Test func anImageIsDrawnInThePopup() async throws {
            let session = try await MatrixSession(.mako)
            try await session.allow("org.example.Red")
            let red = session.state.url.appendingPathComponent("red.png")
            let (made, _) = try await session.desktop.run("convert", ["-size", "64x64", "xc:#FF0000", red.path])
            #expect(made == 0)
            #expect(
                try await session.unotify(["send", "--app", "org.example.Red", "--image", red.path, "Red", "square"])
                    .status == 0)
            try await session.desktop.waitForPixels("#FF0000", moreThan: 1000, in: session.state.url)
        }
    }
}

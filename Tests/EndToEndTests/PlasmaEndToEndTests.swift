import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// What only KDE Plasma does, on the real Plasma popup (`test-desktop up plasma`): the
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
            try
                #"[{"identifier": "message", "actions": [{"identifier": "open-chat", "title": "Open Chat", "options": ["foreground"]}]}]"#
                .write(to: categories, atomically: true, encoding: .utf8)
            try await session.allow(app)
            #expect(try await session.unotify(["categories", "--app", app, "--set", categories.path]).status == 0)
            #expect(
                try await session.unotify(["send", "--app", app, "--id", "m1", "-c", "message", "Ann", "Lunch?"]).status
                    == 0)
            try await session.answer("open-chat", button: 0, of: 1, notifyCount: 1)
            let signals = session.monitor.messages.filter { $0.kind == "signal" }
            let tokenIndex = try #require(
                signals.firstIndex { $0.member == "ActivationToken" }, "Plasma sent no ActivationToken")
            let actionIndex = try #require(signals.firstIndex { $0.member == "ActionInvoked" })
            #expect(tokenIndex < actionIndex, "the token comes before the action")
            let token = try #require(signals[tokenIndex].scalar(1))
            #expect(!token.isEmpty)
            let listen = try session.start(["listen", "--app", app, "--count", "1"])
            #expect(try await listen.wait(timeout: 20) == 0)
            #expect(
                listen.standardOutput.contains(#""identifier":"m1","action":"open-chat""#), "\(listen.standardOutput)")
            #expect(listen.standardOutput.contains(#""activationToken":"\#(token)""#), "\(listen.standardOutput)")

            // Plasma may report the answered notification closed more than once (reason 3 twice
            // was seen): the agent forgets it once, and the same identifier later is a new
            // notification, not a replacement of the closed one.
            let id = try #require(try await session.monitor.waitForNotify(count: 1).first?.returnedID)
            try await Eventually.wait(timeout: .seconds(10), "Plasma reports \(id) closed") {
                session.monitor.closedSignals.contains { $0.id == id }
            }
            try await Eventually.wait(timeout: .seconds(10), "the agent forgets the answered notification") {
                try await session.delivered(app).isEmpty
            }
            #expect(
                try await session.unotify(["send", "--app", app, "--id", "m1", "-c", "message", "Ann", "Again?"]).status
                    == 0)
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
                let sent = try await session.unotify([
                    "send", "--app", app, "--id", "ding", "--sound", "default", "Ding",
                ])
                #expect(sent.status == 0, "\(sent.stderr)")
                // Checked at once: after the silence the marker waits for, it was once listed no more.
                let delivered = try await session.delivered(app)
                #expect(delivered.hasPrefix("ding\t"), "\(delivered)")
                try await focus.end()
                #expect(try await !focus.isInhibited())
            }
            #expect(heard.onlyTheMarker, "\(heard)")
            // …and the user is told so.
            let explain = try await session.output(["server", "--explain"])
            #expect(explain.contains("do not disturb") && explain.contains("plays no sound"), "\(explain)")
        }

        /// Plasma refuses a notification with the same app name, title and body as the one just
        /// before it, within about a second (`ExcessNotificationGeneration`), whatever its
        /// identifier: the app is told so, nothing is listed as delivered, and `--explain` says it.
        /// The two sends start at once, so that they reach Plasma within its window however busy
        /// the machine is (one after the other, a loaded machine once took over a second between
        /// them); either may come first.
        @Test func aQuickIdenticalRepeatIsRefusedVisibly() async throws {
            let session = try await MatrixSession(.plasma)
            let app = "org.example.Tea"
            try await session.allow(app)
            // Plasma's window is its own second: with the server stopped until both Notify calls
            // wait on its socket, it reads them back to back, however long the sends took to start.
            let monitor = session.monitor
            let sends = try await StoppedServer.holding(session.desktop) {
                let sends = try ["one", "two"].map { id in
                    (id, try session.start(["send", "--app", app, "--id", id, "Tea", "is ready"]))
                }
                try await Eventually.wait(timeout: .seconds(60), "both sends' Notify calls queued at Plasma") {
                    monitor.notifyCalls.filter { $0.summary == "Tea" }.count >= 2
                }
                return sends
            }
            var statuses: [String: Int32] = [:]
            for (id, send) in sends { statuses[id] = try await send.wait(timeout: 30) }
            let shown = try #require(sends.first { statuses[$0.0] == 0 }, "neither send was taken")
            let again = try #require(sends.first { statuses[$0.0] != 0 }, "both sends were taken")
            #expect(again.1.standardError.contains("ExcessNotificationGeneration"), "\(again.1.standardError)")
            #expect(try await session.delivered(app).hasPrefix(shown.0 + "\t"))
            let explain = try await session.output(["server", "--explain"])
            #expect(explain.contains("degrades quick repeats"), "\(explain)")
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

        /// Plasma shows the app's display name: the agent sends the `Name=` of the app's `.desktop`
        /// file as `app_name` (here a file only the agent sees, so Plasma cannot look it up
        /// through `desktop-entry` itself). Proven from pixels: the popup's header, without its
        /// close button, looks like that of a notification whose `app_name` is "Tea Time" and
        /// unlike one named "Coffee".
        @Test func plasmaShowsTheAppsDisplayName() async throws {
            let session = try await MatrixSession(.plasma)
            let app = "org.example.TeaTimer"
            let applications = session.state.url.appendingPathComponent("data/applications")
            try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
            try "[Desktop Entry]\nType=Application\nName=Tea Time\nExec=true\n"
                .write(to: applications.appendingPathComponent("\(app).desktop"), atomically: true, encoding: .utf8)
            let data = ["XDG_DATA_HOME": session.state.url.appendingPathComponent("data").path]
            #expect(try await session.unotify(["settings", app, "allow"], extraEnvironment: data).status == 0)
            #expect(
                try await session.unotify(
                    ["send", "--app", app, "--id", "t", "Brewed", "ready"], extraEnvironment: data
                ).status == 0)
            #expect(try await session.monitor.waitForNotify(count: 1).first?.appName == "Tea Time")
            let fromApp = try await header(session, "app")
            #expect(try await session.output(["remove", "--app", app, "--delivered", "t"]) == "1\n")
            try await session.waitForShown(0)
            let named = try await headerOfNotification(session, appName: "Tea Time")
            let other = try await headerOfNotification(session, appName: "Coffee")
            let same = try await difference(session, fromApp, named)
            let changed = try await difference(session, fromApp, other)
            #expect(changed > 50, "another name draws another header (\(changed) pixels differ)")
            #expect(
                same * 10 < changed,
                "the header shows the display name (\(same) pixels differ, \(changed) for another name)")
        }

        /// A picture of the newest popup's header row, left of its close button, once the popup is
        /// drawn (more than one colour) and two looks agree: Plasma maps a popup before drawing it
        /// and then moves it into place.
        private func header(_ session: MatrixSession, _ name: String) async throws -> String {
            try await session.waitForShown(1)
            let shot = session.state.url.appendingPathComponent("\(name).png").path
            let picture = session.state.url.appendingPathComponent("\(name)-header.png").path
            let deadline = ContinuousClock.now + .seconds(10)
            var previous = ""
            while true {
                let line = try await session.desktop.stablePopupLine(timeout: TestDesktop.popupTimeout)
                try await session.desktop.screenshot(to: URL(fileURLWithPath: shot))
                let numbers = line.split(separator: " ").compactMap { Int($0) }
                guard numbers.count == 5 else { throw TestSupportError("bad popup line \(line)") }
                let crop = "\(numbers[3] - 80)x24+\(numbers[1] + 4)+\(numbers[2] + 4)"
                let (status, signature) = try await session.desktop.run(
                    "convert", [shot, "-crop", crop, "+repage", "-write", picture, "-format", "%k %#", "info:"])
                guard status == 0 else { throw TestSupportError("convert could not cut \(crop) from \(shot)") }
                let drawn = try await session.desktop.newestPopup() == line && !signature.hasPrefix("1 ")
                if drawn, signature == previous { return picture }
                previous = drawn ? signature : ""
                guard ContinuousClock.now < deadline else {
                    throw TestSupportError("the popup's header never stood still")
                }
                try await Task.sleep(for: .milliseconds(200))
            }
        }

        /// How many pixels of two pictures differ by more than 40 % in brightness (text
        /// drawn with and without colour fringes counts as the same).
        private func difference(_ session: MatrixSession, _ one: String, _ other: String) async throws -> Int {
            let (status, count) = try await session.desktop.run(
                "convert",
                [
                    one, other, "-colorspace", "Gray", "-compose", "difference", "-composite", "-threshold", "40%",
                    "-format", "%[fx:round(mean*w*h)]", "info:",
                ])
            guard status == 0, let pixels = Int(count.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw TestSupportError("convert could not compare \(one) and \(other): \(count)")
            }
            return pixels
        }

        /// Shows a notification with `app_name` APP_NAME (gdbus), reads its header, then closes it.
        private func headerOfNotification(_ session: MatrixSession, appName: String) async throws -> String {
            let call = [
                "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                "/org/freedesktop/Notifications", "--method",
            ]
            // Not the app's own text: Plasma refuses a notification with the same app name, summary
            // and body as the one before it within a second (ExcessNotificationGeneration; measured).
            let (sent, printed) = try await session.desktop.run(
                "gdbus",
                call + [
                    "org.freedesktop.Notifications.Notify", appName, "0", "", "Steeped", appName, "[]", "{}", "0",
                ])
            // gdbus prints "(uint32 ID,)"
            guard sent == 0, let id = UInt32(printed.filter(\.isNumber).dropFirst(2)) else {
                throw TestSupportError("Notify failed (\(sent)): \(printed)")
            }
            let signature = try await header(session, appName)
            let (closed, _) = try await session.desktop.run(
                "gdbus", call + ["org.freedesktop.Notifications.CloseNotification", String(id)])
            guard closed == 0 else { throw TestSupportError("CloseNotification(\(id)) failed (\(closed))") }
            try await session.waitForShown(0)
            return signature
        }
    }
}

import DBus
import FreedesktopNotifications
import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `unotify send` against real dunst on a private bus under Xvfb; every click is made by dunst
    /// itself (its context menu, through `dunstctl`).
    @Suite(.serialized, .timeLimit(.minutes(2))) struct DunstEndToEndTests {
        @Test func theChosenActionIsPrintedAsNotifySendPrintsIt() async throws {
            let desktop = try await TestDesktop(server: "dunst")
            let process = try UNotifyProcess.start(
                ["send", "-p", "-A", "open=Open", "-A", "later=Later", "Build done", "All tests passed"],
                busAddress: desktop.busAddress)
            let idLine = try await process.waitForLine(timeout: 10) { Int($0) != nil }
            try await desktop.dunstWaitDisplayed(1)
            try await desktop.dunstInvoke("open")
            #expect(try await process.wait(timeout: 10) == 0)
            #expect(process.standardOutput == "\(idLine)\nopen\n")
            try await desktop.dunstWaitDisplayed(0)
        }

        @Test func aSpoofedActionIsIgnoredAndTheRealClickWins() async throws {
            let desktop = try await TestDesktop(server: "dunst")
            let process = try UNotifyProcess.start(
                ["send", "-p", "-A", "yes=Yes", "-A", "no=No", "Deploy?"],
                busAddress: desktop.busAddress)
            let id = try #require(UInt32(try await process.waitForLine(timeout: 10) { Int($0) != nil }))
            try await desktop.dunstWaitDisplayed(1)
            // Another process on the bus emits a look-alike ActionInvoked for the same id.
            let (status, _) = try await desktop.run(
                "dbus-send",
                [
                    "--session", "--type=signal", "/org/freedesktop/Notifications",
                    "org.freedesktop.Notifications.ActionInvoked", "uint32:\(id)", "string:yes",
                ])
            #expect(status == 0)
            try await desktop.dunstInvoke("no")
            #expect(try await process.wait(timeout: 10) == 0)
            #expect(process.standardOutput == "\(id)\nno\n")
        }

        @Test func dismissingEndsWait() async throws {
            let desktop = try await TestDesktop(server: "dunst")
            let process = try UNotifyProcess.start(["send", "-w", "Dismiss me"], busAddress: desktop.busAddress)
            try await desktop.dunstWaitDisplayed(1)
            try await desktop.output("dunstctl", ["close"])
            #expect(try await process.wait(timeout: 10) == 0)
            #expect(process.standardOutput == "")
        }

        @Test func serverCommandNamesDunst() async throws {
            let desktop = try await TestDesktop(server: "dunst")
            let result = try await UNotifyProcess.run(["server", "--json"], busAddress: desktop.busAddress)
            #expect(result.status == 0)
            #expect(result.stdout.contains(#""name":"dunst""#))
            #expect(result.stdout.contains(#""actions""#))
        }

        /// The popup is drawn as the test desktop's dunstrc says: a 3-pixel frame of #AAAAAA
        /// around the normal urgency's #285577, with the text in #FFFFFF on it.
        @Test func aPopupRendersAndIsCapturedInAScreenshot() async throws {
            let desktop = try await TestDesktop(server: "dunst")
            let result = try await UNotifyProcess.run(
                ["send", "-t", "0", "Screenshot", "A popup on a headless desktop"],
                busAddress: desktop.busAddress)
            #expect(result.status == 0)
            try await desktop.dunstWaitDisplayed(1)
            let windows = try await desktop.output("xdotool", ["search", "--onlyvisible", "--class", "Dunst"])
            let window = try #require(windows.split(separator: "\n").first.map(String.init))
            var geometry: [String: Int] = [:]
            for pair in try await desktop.output("xdotool", ["getwindowgeometry", "--shell", window]).split(
                separator: "\n")
            {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { geometry[String(parts[0])] = Int(parts[1]) }
            }
            let x = try #require(geometry["X"]), y = try #require(geometry["Y"])
            let width = try #require(geometry["WIDTH"]), height = try #require(geometry["HEIGHT"])
            #expect(width > 100 && height > 20, "\(geometry)")
            let shot = desktop.stateDirectory.appendingPathComponent("popup.png")
            // dunst maps its window before it has drawn it: look again (bounded) until it is drawn.
            let deadline = ContinuousClock.now + .seconds(10)
            while true {
                try await desktop.screenshot(to: shot)
                let frame = try await desktop.colourCounts(in: shot, region: (x, y, width, 3))
                let inside = try await desktop.colourCounts(in: shot, region: (x + 3, y + 3, width - 6, height - 6))
                let drawn =
                    frame["#AAAAAA", default: 0] == width * 3
                    && inside["#285577", default: 0] * 2 > (width - 6) * (height - 6)
                    && inside["#FFFFFF", default: 0] > 20
                guard !drawn else { return }
                guard ContinuousClock.now < deadline else {
                    Issue.record("dunst's popup at \(geometry) is not drawn: frame \(frame), inside \(inside)")
                    return
                }
                try await Task.sleep(for: .milliseconds(200))
            }
        }
    }

    /// An image attachment rendered in a real dunst popup, proven from a screenshot's pixels.
    @Suite(.serialized, .timeLimit(.minutes(2))) struct DunstImageEndToEndTests {
        @Test func theImageIsDrawnInThePopup() async throws {
            let desktop = try await TestDesktop(server: "dunst")
            let files = try TemporaryDirectory()
            let image = files.url.appendingPathComponent("red.png")
            let (made, _) = try await desktop.run("convert", ["-size", "64x64", "xc:#ff0000", image.path])
            #expect(made == 0)
            let sent = try await UNotifyProcess.run(
                ["send", "-t", "0", "--image", image.path, "Photo", "A red square"],
                busAddress: desktop.busAddress)
            #expect(sent.status == 0)
            try await desktop.dunstWaitDisplayed(1)
            // Bounded wait until the popup is drawn with the image: count pure red pixels.
            try await desktop.waitForPixels("#FF0000", moreThan: 500, in: files.url)
        }
    }
}

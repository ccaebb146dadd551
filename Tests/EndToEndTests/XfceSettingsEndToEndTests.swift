import Foundation
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// xfce4-notifyd's muted applications (xfconf `/applications/muted_applications`, as Xfce's
    /// settings dialog writes it) and the agent's settings, on the real xfce4-notifyd 0.7.3 and
    /// 0.9.7 with their own xfconfd (`UNOTIFY_DESKTOP_SETTINGS=xfce`): a muted app is alert off in
    /// `unotify settings`, and xfce4-notifyd shows no popup for it.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct XfceSettingsEndToEndTests {
        static let app = "org.example.Muted"

        @Test(arguments: [MatrixServer.xfce, .xfce09])
        func aMutedAppIsAlertOffAndGetsNoPopup(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server)
            let environment = ["UNOTIFY_DESKTOP_SETTINGS": "xfce"]
            let allowed = try await session.unotify(["settings", Self.app, "allow"], extraEnvironment: environment)
            #expect(allowed.status == 0, "\(allowed.stderr)")
            let muted = ["-c", "xfce4-notifyd", "-p", "/applications/muted_applications"]
            try await session.desktop.output("xfconf-query", muted + ["-n", "-a", "-t", "string", "-s", "Muted"])
            try await Eventually.wait(timeout: .seconds(10), "unotify settings reads the muted list") {
                try await session.output(["settings", Self.app], extraEnvironment: environment)
                    .contains("\nalert: off\n")
            }
            let settings = try await session.output(["settings", Self.app], extraEnvironment: environment)
            #expect(settings.contains("Xfce"), "\(settings)")

            // xfce4-notifyd itself shows no popup for it: the muted one carries a red image, a
            // marker from another app comes after it, and once the marker is on screen no red is.
            // On a loaded machine xfce4-notifyd 0.7.3 sometimes loses the notification that comes
            // after a muted app's (measured beside two busy loops: 2 to 3 in 8, also with 2 s
            // between them; never without the muted one before it): a marker not shown within the
            // tests' patience for an event is sent again, at most 3 times.
            let image = session.state.url.appendingPathComponent("red.png")
            #expect(try await session.desktop.run("convert", ["-size", "64x64", "xc:#ff0000", image.path]).0 == 0)
            let sent = try await session.unotify(
                ["send", "--app", Self.app, "-t", "0", "--image", image.path, "Muted"], extraEnvironment: environment)
            #expect(sent.status == 0, "\(sent.stderr)")
            for attempt in 1...3 {
                #expect(try await session.unotify(["send", "-t", "0", "Marker"]).status == 0)
                do {
                    try await session.waitForShown(1)
                    break
                } catch {
                    // Only a lost marker (nothing on screen) is sent again; anything else fails.
                    guard attempt < 3, try await session.shownCount() == 0 else { throw error }
                    print("XfceSettingsEndToEndTests: marker \(attempt) lost by \(server.name); sending another")
                }
            }
            let screen = session.state.url.appendingPathComponent("screen.png")
            try await session.desktop.screenshot(to: screen)
            let red = try await session.desktop.colourCounts(in: screen)["#FF0000", default: 0]
            #expect(red == 0, "xfce4-notifyd showed the muted app's popup (\(red) red pixels)")
            try await session.desktop.output("xfconf-query", muted + ["-r"])
        }
    }
}

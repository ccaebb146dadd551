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

            // xfce4-notifyd itself shows no popup for it: a marker from another app comes alone.
            let sent = try await session.unotify(["send", "--app", Self.app, "Muted"], extraEnvironment: environment)
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(try await session.unotify(["send", "Marker"]).status == 0)
            try await session.waitForShown(1)
            #expect(try await session.shownCount() == 1, "xfce4-notifyd showed the muted app's popup")
            try await session.desktop.output("xfconf-query", muted + ["-r"])
        }
    }
}

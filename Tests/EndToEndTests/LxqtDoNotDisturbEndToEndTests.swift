import Foundation
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// LXQt's do-not-disturb on the real lxqt-notificationd 1.2 and 2.4: `doNotDisturb=true` in
    /// its own settings file (`lxqt/notifications.conf`, as its settings dialog writes it). The
    /// server draws nothing while it is on, critical ones neither, and keeps what it held; unotify
    /// reads the same file: `--explain` says on, the `.active` notification is not heard, the
    /// critical marker is (unotifyd plays it). Switched off, the server shows what it still holds
    /// with the next notification it draws (here the probe that sees it reload its file, which
    /// is then closed: what stays on screen is what it held).
    @Suite(.serialized, .timeLimit(.minutes(3))) struct LxqtDoNotDisturbEndToEndTests {
        static let app = "org.example.Focus"
        static let origin = "LXQt: doNotDisturb in lxqt/notifications.conf"

        @Test(arguments: [MatrixServer.lxqt, .lxqt24])
        func lxqtInDoNotDisturbDrawsNothingAndShowsWhatItHeldOnceOff(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, pulse: true)
            try await session.allow(Self.app)
            // The server makes its file as it starts (so that it can watch it), without the key: off.
            let made = try String(contentsOf: try session.desktop.lxqtSettingsFile, encoding: .utf8)
            #expect(made.contains("__userfile__=true") && !made.contains("doNotDisturb"), "\(made)")
            let off = try await session.output(["server", "--explain"])
            #expect(off.contains("do not disturb: off (\(Self.origin))"), "\(off)")

            let reloaded = try await session.desktop.lxqtSetDoNotDisturb(true)
            print("LxqtDoNotDisturbEndToEndTests: \(server.name) followed its changed file after \(reloaded)")
            try await session.waitForShown(0)
            let on = try await session.output(["server", "--explain"])
            #expect(on.contains("do not disturb: on (\(Self.origin))"), "\(on)")
            let before = session.monitor.notifyCalls.count
            let heard = try await session.soundsHeard(markerUrgency: "critical") {
                // Never expiring, so that the server still holds it when the switch goes off.
                let sent = try await session.unotify([
                    "send", "--app", Self.app, "--sound", "default", "-t", "0", "Quiet",
                ])
                #expect(sent.status == 0, "\(sent.stderr)")
            }
            #expect(heard.onlyTheMarker, "the active notification's sound was played: \(heard)")
            // "Quiet" and both critical markers reached the server, which drew none of them.
            _ = try await session.monitor.waitForNotify(count: before + 3)
            #expect(try await session.shownCount() == 0)
            let delivered = try await session.output(["delivered", "--app", Self.app])
            #expect(delivered.contains("Quiet"), "the active one is no longer delivered: \(delivered)")

            // Off again: with the probe the server shows what it held ("Quiet" never expires), and
            // that stays once the probe is closed; unotify reads off.
            try await session.desktop.lxqtSetDoNotDisturb(false)
            try await session.waitForShown(1)
            let after = try await session.output(["server", "--explain"])
            #expect(after.contains("do not disturb: off (\(Self.origin))"), "\(after)")
        }
    }
}

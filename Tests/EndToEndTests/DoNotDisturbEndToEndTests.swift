import Foundation
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// The desktop's do-not-disturb on the real servers, switched on as the user does: an
    /// `.active` notification goes quietly (no popup, no sound, kept in the server's list), a
    /// `.critical` one breaks through with its sound; `unotify server --explain` says it is on.
    /// Sounds are heard on a PulseAudio null sink (``MatrixSession/soundsHeard(markerUrgency:before:)``).
    @Suite(.serialized, .timeLimit(.minutes(3))) struct DoNotDisturbEndToEndTests {
        static let app = "org.example.Focus"

        /// With do-not-disturb on: `unotify server --explain` says so and where it was read, and
        /// an `.active` notification with a sound is not heard (the marker, critical, is).
        static func expectTheActiveOneSilent(_ session: MatrixSession, origin: String) async throws {
            try await session.allow(app)
            let explain = try await session.output(["server", "--explain"])
            #expect(explain.contains("do not disturb: on (\(origin))"), "\(explain)")
            let heard = try await session.soundsHeard(markerUrgency: "critical") {
                let sent = try await session.unotify(["send", "--app", app, "--sound", "default", "Quiet"])
                #expect(sent.status == 0, "\(sent.stderr)")
            }
            #expect(heard.onlyTheMarker, "the active notification's sound was played: \(heard)")
        }

        /// dunst paused (`dunstctl set-paused true`) holds every notification, critical ones
        /// too (measured: `dunstctl count waiting`), and shows them when it resumes: 1.9, and
        /// 1.13, where `set-paused true` is the highest pause level (100), which holds
        /// everything whatever a rule's `override_pause_level`, and `paused` reads any level
        /// above 0 (set here with 1.13's own `dunstctl set-pause-level`).
        @Test(arguments: [(MatrixServer.dunst, "set-paused true"), (.dunst113, "set-pause-level 100")])
        func dunstPausedHoldsTheActiveOneSilentlyAndTheCriticalOneSounds(_ server: MatrixServer, _ pause: String)
            async throws
        {
            let session = try await MatrixSession(server, pulse: true)
            try await session.desktop.output("dunstctl", pause.split(separator: " ").map(String.init))
            try await Self.expectTheActiveOneSilent(session, origin: "dunst: paused")
            let critical = try await session.recordSound(marker: {
                let sent = try await session.unotify([
                    "send", "--app", Self.app, "-u", "critical", "--sound", "default", "Loud",
                ])
                #expect(sent.status == 0, "\(sent.stderr)")
            })
            #expect(critical.soundCount == 1, "the critical notification's sound breaks through")
            // Two markers, "Quiet" and "Loud": all held by dunst, none on screen.
            #expect(try await session.desktop.dunstDisplayedCount() == 0)
            #expect(
                try await session.desktop.output("dunstctl", ["count", "waiting"]).trimmingCharacters(
                    in: .whitespacesAndNewlines) == "4")

            try await session.desktop.output("dunstctl", ["set-paused", "false"])
            try await session.desktop.dunstWaitDisplayed(4)
            let after = try await session.output(["server", "--explain"])
            #expect(after.contains("do not disturb: off (dunst: paused)"), "\(after)")
        }

        /// mako in its mode do-not-disturb (`makoctl mode -a do-not-disturb`), configured with
        /// `[mode=do-not-disturb] invisible=1` and critical ones visible (MakoServer in Sources/DesktopHarness):
        /// the active one is listed but drawn nowhere, the critical one is drawn.
        /// The same on mako 1.11, whose makoctl (a C program) keeps `mode -a` and `-r`.
        @Test(arguments: [MatrixServer.mako, .mako111])
        func makoInDoNotDisturbListsTheActiveOneUndrawnAndSilent(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, pulse: true)
            try await session.desktop.output("makoctl", ["mode", "-a", "do-not-disturb"])
            try await Self.expectTheActiveOneSilent(session, origin: "mako: mode do-not-disturb")
            // Drawn: the critical markers only. With the mode off, "Quiet" is drawn too.
            try await session.desktop.makoWaitListed(3)
            let drawnUnderDoNotDisturb = try await session.desktop.makoPopupPixels(atLeast: 1)
            try await session.desktop.output("makoctl", ["mode", "-r", "do-not-disturb"])
            let drawnAfter = try await session.desktop.makoPopupPixels(atLeast: drawnUnderDoNotDisturb * 4 / 3)
            #expect(drawnAfter > drawnUnderDoNotDisturb, "the active one was drawn under do-not-disturb")
        }

        /// xfce4-notifyd with `/do-not-disturb` set in xfconfd (as its settings dialog does):
        /// the active one is logged without a popup, critical ones pop up (measured on 0.7.3 and
        /// 0.9.7, whose xfconfd is set through the same D-Bus interface).
        @Test(arguments: [MatrixServer.xfce, .xfce09])
        func xfceInDoNotDisturbShowsOnlyTheCriticalOnes(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, pulse: true)
            try await session.desktop.output(
                "xfconf-query", ["-c", "xfce4-notifyd", "-p", "/do-not-disturb", "-n", "-t", "bool", "-s", "true"])
            try await Self.expectTheActiveOneSilent(session, origin: "xfconf: xfce4-notifyd /do-not-disturb")
            // The two critical markers pop up (and stay); "Quiet", sent between them, never did.
            try await session.waitForShown(2)
            let critical = try await session.recordSound(marker: {
                let sent = try await session.unotify([
                    "send", "--app", Self.app, "-u", "critical", "--sound", "default", "Loud",
                ])
                #expect(sent.status == 0, "\(sent.stderr)")
            })
            #expect(critical.soundCount == 1, "the critical notification's sound breaks through")
            try await session.waitForShown(3)
        }

        /// SwayNotificationCenter with do-not-disturb on (`swaync-client --dnd-on`): the active one
        /// is kept in the control center without a popup and not heard; 0.7.3 and 0.12.6.
        @Test(arguments: [MatrixServer.swaync, .swaync012])
        func swayncInDoNotDisturbKeepsTheActiveOneSilent(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, pulse: true)
            try await session.desktop.output("swaync-client", ["--dnd-on"])
            try await Self.expectTheActiveOneSilent(session, origin: "SwayNotificationCenter: GetDnd, IsInhibited")
            try await session.desktop.output("swaync-client", ["--dnd-off"])
            let after = try await session.output(["server", "--explain"])
            #expect(after.contains("do not disturb: off (SwayNotificationCenter: GetDnd, IsInhibited)"), "\(after)")
        }

        /// swaync 0.12 under an inhibitor (`swaync-client --inhibitor-add`, as a presentation or a
        /// game does): popups are held as under do-not-disturb while `GetDnd` stays false
        /// (measured on 0.12.6); unotify reads `IsInhibited` too.
        @Test func swaync012InhibitedKeepsTheActiveOneSilent() async throws {
            let session = try await MatrixSession(.swaync012, pulse: true)
            try await session.desktop.output("swaync-client", ["--inhibitor-add", "org.example.Presenter"])
            #expect(try await session.desktop.output("swaync-client", ["--get-dnd"]).contains("false"))
            try await Self.expectTheActiveOneSilent(session, origin: "SwayNotificationCenter: GetDnd, IsInhibited")
            try await session.desktop.output("swaync-client", ["--inhibitor-remove", "org.example.Presenter"])
            let after = try await session.output(["server", "--explain"])
            #expect(after.contains("do not disturb: off (SwayNotificationCenter: GetDnd, IsInhibited)"), "\(after)")
        }

        /// Budgie's do-not-disturb (`ToggleDoNotDisturb` on its Dispatcher, as its applet's switch
        /// does): the active one is closed at once without a popup (reason 1, measured on 10.7.1
        /// and 10.10.3) and not heard; `--explain` reads `GetDoNotDisturb`. 10.10 discards
        /// critical ones too, so there what it discarded stays in `unotify delivered`.
        @Test(arguments: [MatrixServer.budgie, .budgie1010])
        func budgieInDoNotDisturbKeepsTheActiveOneSilent(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, pulse: true)
            let toggle = [
                "call", "--session", "--dest", "org.budgie_desktop.Notifications", "--object-path",
                "/org/budgie_desktop/Notifications", "--method",
                "org.buddiesofbudgie.budgie.Dispatcher.ToggleDoNotDisturb",
            ]
            try await session.desktop.output("gdbus", toggle)
            try await Self.expectTheActiveOneSilent(session, origin: "Budgie: GetDoNotDisturb")
            if server.name == MatrixServer.budgie1010.name {
                // 10.10 discards every notification under it, critical ones too: unotify keeps them.
                let delivered = try await session.output(["delivered", "--app", Self.app])
                #expect(delivered.contains("Quiet"), "the active one is no longer delivered: \(delivered)")
            }
            try await session.desktop.output("gdbus", toggle)
            let after = try await session.output(["server", "--explain"])
            #expect(after.contains("do not disturb: off (Budgie: GetDoNotDisturb)"), "\(after)")
        }

        /// Cinnamon with `display-notifications` off (its applet's switch, in GSettings): the
        /// active one is not heard, and it stays delivered: 5.6 keeps it in its tray applet, 6.6
        /// discards it at once with `NotificationClosed(id, 2)` (measured), which is no dismissal
        /// by the user, so unotify still lists it and reports no dismissal to the app.
        @Test(arguments: [MatrixServer.cinnamon, .cinnamon66])
        func cinnamonWithNotificationsOffKeepsTheActiveOneSilentAndDelivered(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server, pulse: true)
            try await session.desktop.output(
                "gsettings", ["set", "org.cinnamon.desktop.notifications", "display-notifications", "false"])
            try await Self.expectTheActiveOneSilent(session, origin: "Cinnamon: display-notifications")
            let delivered = try await session.output(["delivered", "--app", Self.app])
            #expect(delivered.contains("Quiet"), "the active one is no longer delivered: \(delivered)")
            try await session.desktop.output(
                "gsettings", ["set", "org.cinnamon.desktop.notifications", "display-notifications", "true"])
        }

        /// Phosh 0.58 with GNOME's `show-banners` off (its do-not-disturb switch, in GSettings, the
        /// session saying `Phosh:GNOME`): `--explain` reads it, the active notification gets no
        /// banner and stays delivered, and so does a critical one (GNOME Shell shows that one).
        /// Sound is not the measure here: phosh sets feedbackd's profile to silent, which silences
        /// a critical sound too.
        @Test func phoshWithBannersOffShowsNoBannerAndKeepsItDelivered() async throws {
            let session = try await MatrixSession(.phosh)
            try await session.allow(Self.app)
            try await session.desktop.output(
                "gsettings", ["set", "org.gnome.desktop.notifications", "show-banners", "false"])
            // phosh reads the switch when its settings backend sees the file change, after
            // gsettings has returned (once a notification sent at once got a banner, and
            // --explain still read it off); it then sets feedbackd's profile to silent.
            try await Self.waitForPhoshsFeedbackProfile("silent", session)
            try await Eventually.wait(timeout: TestPatience.event, "--explain reads do-not-disturb on") {
                try await session.output(["server", "--explain"]).contains("do not disturb: on (GNOME: show-banners)")
            }
            let before = session.monitor.notifyCalls.count
            for urgency in ["normal", "critical"] {
                let sent = try await session.unotify(["send", "--app", Self.app, "-u", urgency, "Quiet \(urgency)"])
                #expect(sent.status == 0, "\(sent.stderr)")
            }
            // Both reached phosh (answered with an id) and neither was drawn.
            _ = try await session.monitor.waitForNotify(count: before + 2)
            #expect(try await session.shownCount() == 0)
            let delivered = try await session.output(["delivered", "--app", Self.app])
            #expect(delivered.contains("Quiet normal") && delivered.contains("Quiet critical"), "\(delivered)")
            try await session.desktop.output(
                "gsettings", ["set", "org.gnome.desktop.notifications", "show-banners", "true"])
            try await Self.waitForPhoshsFeedbackProfile("full", session)
            // The reader sees banners here: with the switch back on, the next one is drawn.
            #expect(try await session.unotify(["send", "--app", Self.app, "Loud"]).status == 0)
            try await session.waitForShown(1)
        }

        /// Waits (bounded) until feedbackd's `Profile` is `profile`, which phosh sets as it
        /// applies `show-banners` (measured: `silent` when it goes off, `full` when back on; the
        /// first read right after `gsettings set` still said `full`).
        static func waitForPhoshsFeedbackProfile(_ profile: String, _ session: MatrixSession) async throws {
            try await Eventually.wait(timeout: TestPatience.event, "phosh sets feedbackd's profile to \(profile)") {
                let answer = try await session.desktop.output(
                    "gdbus",
                    [
                        "call", "--session", "--dest", "org.sigxcpu.Feedback", "--object-path", "/org/sigxcpu/Feedback",
                        "--method", "org.freedesktop.DBus.Properties.Get", "org.sigxcpu.Feedback", "Profile",
                    ])
                return answer.contains("'\(profile)'")
            }
        }

        /// mate-notification-daemon 1.26 with MATE's do-not-disturb on (`org.mate.NotificationDaemon
        /// do-not-disturb`, in GSettings, set with the real `gsettings` as its applet does; the
        /// server follows it while it runs, ``TestDesktop/mateSetDoNotDisturb(_:timeout:)``):
        /// `--explain` reads it through unotifyd and says it degrades; every notification reaches
        /// the server, which answers each with an id, draws none, critical ones neither, and never
        /// closes them, so they stay delivered. The active one is not heard; a critical one is,
        /// played by unotifyd, as mate plays no sound under its switch. Switched off, the next
        /// one is drawn.
        @Test func mateInDoNotDisturbDrawsNothingAndKeepsItDelivered() async throws {
            let session = try await MatrixSession(.mate, pulse: true)
            try await session.allow(Self.app)
            let off = try await session.output(["server", "--explain"])
            #expect(off.contains("do not disturb: off (MATE: do-not-disturb)"), "\(off)")

            let followedOn = try await session.desktop.mateSetDoNotDisturb(true)
            print("DoNotDisturbEndToEndTests: mate followed do-not-disturb=true after \(followedOn)")
            try await session.waitForShown(0)
            // unotifyd reads the key through GSettings of its own, which sees the keyfile change
            // when its own file monitor does: --explain asks it, as a delivery does.
            try await Self.waitForExplain("do not disturb: on (MATE: do-not-disturb)", session)
            let on = try await session.output(["server", "--explain"])
            #expect(on.contains("degrades do not disturb: "), "\(on)")
            let before = session.monitor.notifyCalls.count
            // Sent between two critical markers, each heard only if unotifyd plays it.
            let heard = try await session.soundsHeard(markerUrgency: "critical") {
                let sent = try await session.unotify([
                    "send", "--app", Self.app, "--sound", "default", "Quiet normal",
                ])
                #expect(sent.status == 0, "\(sent.stderr)")
            }
            #expect(heard.onlyTheMarker, "the active notification's sound was played: \(heard)")
            let sent = try await session.unotify(["send", "--app", Self.app, "-u", "critical", "Quiet critical"])
            #expect(sent.status == 0, "\(sent.stderr)")
            // All four reached mate and were answered with an id; none was drawn.
            let calls = try await session.monitor.waitForNotify(count: before + 4).dropFirst(before)
            #expect(try await session.shownCount() == 0)
            let delivered = try await session.output(["delivered", "--app", Self.app])
            #expect(delivered.contains("Quiet normal") && delivered.contains("Quiet critical"), "\(delivered)")

            let followedOff = try await session.desktop.mateSetDoNotDisturb(false)
            print("DoNotDisturbEndToEndTests: mate followed do-not-disturb=false after \(followedOff)")
            try await session.waitForShown(0)
            try await Self.waitForExplain("do not disturb: off (MATE: do-not-disturb)", session)
            #expect(try await session.unotify(["send", "--app", Self.app, "Loud"]).status == 0)
            try await session.waitForShown(1)
            // Those it answered under do-not-disturb were never closed: unotify still lists them.
            let quiet = Set(calls.compactMap(\.returnedID))
            #expect(quiet.count == 4 && !session.monitor.closedSignals.contains { quiet.contains($0.id) }, "\(quiet)")
            let still = try await session.output(["delivered", "--app", Self.app])
            #expect(still.contains("Quiet normal") && still.contains("Quiet critical"), "\(still)")
        }

        /// Waits (bounded) until `unotify server --explain` prints `line`.
        static func waitForExplain(_ line: String, _ session: MatrixSession) async throws {
            try await Eventually.wait(timeout: .seconds(10), "--explain saying \(line)") {
                try await session.output(["server", "--explain"]).contains(line)
            }
        }

        /// KDE Plasma under `Inhibit` (as a presentation app does): the active one is not heard,
        /// the critical marker is; `--explain` reads the server's `Inhibited`.
        @Test func plasmaInhibitedKeepsTheActiveOneSilent() async throws {
            let session = try await MatrixSession(.plasma, pulse: true)
            let focus = try await DoNotDisturb(address: session.desktop.busAddress)
            try await Self.expectTheActiveOneSilent(session, origin: "Plasma: Inhibited")
            try await focus.end()
            let after = try await session.output(["server", "--explain"])
            #expect(after.contains("do not disturb: off (Plasma: Inhibited)"), "\(after)")
        }
    }
}

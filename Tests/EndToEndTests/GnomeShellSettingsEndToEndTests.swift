import Foundation
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// GNOME Shell 43 and the agent share GNOME's per-app notification settings (the desktop's
    /// keyfile GSettings store): what the user switches there reaches the agent, what the agent
    /// saves is what the shell's own policy (`NotificationApplicationPolicy`, with its own id
    /// rule) reads.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct GnomeShellSettingsEndToEndTests {
        static let app = "org.example.Tea"
        static let path =
            "org.gnome.desktop.notifications.application:/org/gnome/desktop/notifications/application/org-example-tea/"

        /// The shell's own policy for the app: `enable` and `showBanners` as it reads them now.
        static func shellPolicy(_ session: MatrixSession) async throws -> String {
            try await session.desktop.shellEval(
                """
                (() => { const p = new imports.ui.messageTray.NotificationApplicationPolicy('\(app)');
                  const r = `${p.enable} ${p.showBanners}`; p.destroy(); return r; })()
                """)
        }

        /// Runs the real `gsettings` on the desktop's store, as GNOME Settings changes it.
        static func gsettings(_ session: MatrixSession, _ arguments: [String]) async throws {
            try await MatrixSession.gsettings(arguments, on: session.desktop)
        }

        /// On the real GNOME Shell, `unotify server --explain` says whether GNOME's do-not-disturb
        /// (the global `show-banners`) is on, as the agent reads it, and `unotify settings APP`
        /// names GNOME Settings.
        @Test func explainSaysWhetherGnomesDoNotDisturbIsOn() async throws {
            let session = try await MatrixSession(.gnomeShell)
            @Sendable func line() async throws -> String {
                let explain = try await session.output(["server", "--explain"])
                return explain.split(separator: "\n").last { $0.hasPrefix("do not disturb:") }.map(String.init) ?? ""
            }
            #expect(try await line() == "do not disturb: off (GNOME: show-banners)")
            try await Self.gsettings(session, ["set", "org.gnome.desktop.notifications", "show-banners", "false"])
            try await Eventually.wait(timeout: .seconds(10), "--explain says do-not-disturb is on") {
                try await line() == "do not disturb: on (GNOME: show-banners)"
            }
            try await session.allow(Self.app)
            #expect(
                try await session.output(["settings", Self.app]).hasSuffix(
                    "settings live in: GNOME Settings › Notifications\n"))
        }

        @Test func theUserSwitchesInGnomeAndTheAgentFollows() async throws {
            let session = try await MatrixSession(.gnomeShell)
            try await session.allow(Self.app)
            try await Eventually.wait(timeout: .seconds(5), "the shell reads the app as allowed, with banners") {
                try await Self.shellPolicy(session) == #""true true""#
            }

            try await Self.gsettings(session, ["set", Self.path, "enable", "false"])
            let changed = ContinuousClock.now
            try await session.waitForStatus("denied", of: Self.app, timeout: .seconds(10))
            print("GnomeShellSettingsEndToEndTests: enable=false seen after \(ContinuousClock.now - changed)")
            #expect(try await session.output(["settings", Self.app]).contains("status: denied"))
            let refused = try await session.unotify(["send", "--app", Self.app, "Tea", "is ready"])
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("not allowed"), "\(refused.stderr)")
            #expect(session.monitor.notifyCalls.isEmpty)

            // On again, without banners: the agent sends it quietly and the shell shows no banner.
            try await Self.gsettings(session, ["set", Self.path, "show-banners", "false"])
            try await Self.gsettings(session, ["set", Self.path, "enable", "true"])
            try await session.waitForStatus("authorized", of: Self.app, timeout: .seconds(10))
            #expect(try await session.output(["settings", Self.app]).contains("alert: off"))
            try await Eventually.wait(timeout: .seconds(5), "the shell reads the app as on, without banners") {
                try await Self.shellPolicy(session) == #""true false""#
            }
            let sent = try await session.unotify(["send", "--app", Self.app, "Tea", "is ready"])
            #expect(sent.status == 0, "\(sent.stderr)")
            try await session.waitForShown(1)  // in the tray
            #expect(try await session.desktop.shellEval("Main.messageTray._banner === null") == "true", "no banner")

            // unotify's allow switches it on in GNOME's store, where the shell reads it.
            try await session.allow(Self.app)
            try await Eventually.wait(timeout: .seconds(5), "the shell reads banners on again") {
                try await Self.shellPolicy(session) == #""true true""#
            }
        }
    }
}

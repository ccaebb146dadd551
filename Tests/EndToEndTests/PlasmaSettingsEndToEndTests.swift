import Foundation
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// KDE Plasma's own per-app settings and the agent's, on the real Plasma popup
    /// (`test-desktop up plasma`), sharing one `XDG_CONFIG_HOME`: what System Settings writes in
    /// `plasmanotifyrc` is what `unotify settings` says, and what `unotify settings` changes
    /// Plasma follows at once.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct PlasmaSettingsEndToEndTests {
        static let app = "org.example.Quiet"

        @Test func plasmasShowPopupsIsTheAlertSwitchBothWays() async throws {
            let session = try await MatrixSession(.plasma)
            let root = session.desktop.stateDirectory
            let applications = root.appendingPathComponent("data/applications")
            try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
            try "[Desktop Entry]\nType=Application\nName=Quiet\nExec=true\n"
                .write(
                    to: applications.appendingPathComponent("\(Self.app).desktop"), atomically: true, encoding: .utf8)
            let environment = [
                "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
                "XDG_DATA_HOME": root.appendingPathComponent("data").path, "UNOTIFY_DESKTOP_SETTINGS": "kde",
            ]
            #expect(
                try await session.unotify(["settings", Self.app, "allow"], extraEnvironment: environment).status == 0)

            // The user turns the app's popups off in System Settings: KConfig writes the file and
            // announces it on the bus.
            let file = root.appendingPathComponent("config/plasmanotifyrc")
            let before = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            try (before + "\n[Applications][\(Self.app)]\nShowPopups=false\n").write(
                to: file, atomically: true, encoding: .utf8)
            try await session.desktop.output(
                "gdbus",
                [
                    "emit", "--session", "--object-path", "/plasmanotifyrc", "--signal",
                    "org.kde.kconfig.notify.ConfigChanged", "{'Applications\\u001d\(Self.app)': [b'ShowPopups']}",
                ])
            let settings = try await session.output(["settings", Self.app], extraEnvironment: environment)
            #expect(settings.contains("\nalert: off\n"), "\(settings)")

            // Plasma itself shows no popup for the app: a marker from another app comes alone.
            let hidden = try await notify(session, desktopEntry: Self.app, summary: "Hidden")
            let marker = try await notify(session, desktopEntry: nil, summary: "Marker")
            try await session.waitForShown(1)
            #expect(try await session.shownCount() == 1, "Plasma showed the app's popup")
            try await close(session, [hidden, marker])

            // `unotify settings APP --alert on` writes it back, and the running Plasma follows.
            let on = try await session.output(["settings", Self.app, "--alert", "on"], extraEnvironment: environment)
            #expect(on.contains("\nalert: on\n"), "\(on)")
            let after = try String(contentsOf: file, encoding: .utf8)
            #expect(!after.contains("ShowPopups=false"), "\(after)")
            let shown = try await notify(session, desktopEntry: Self.app, summary: "Shown")
            try await session.waitForShown(1)
            try await close(session, [shown])
        }

        /// Sends a notification straight to Plasma (gdbus), with the `desktop-entry` hint when
        /// given; returns its id.
        private func notify(_ session: MatrixSession, desktopEntry: String?, summary: String) async throws -> String {
            let hints = desktopEntry.map { "{'desktop-entry': <'\($0)'>}" } ?? "{}"
            let printed = try await session.desktop.output(
                "gdbus",
                [
                    "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                    "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.Notify",
                    desktopEntry ?? "Marker", "0", "", summary, "body of \(summary)", "[]", hints, "0",
                ])
            // gdbus prints "(uint32 ID,)"
            return String(printed.filter(\.isNumber).dropFirst(2))
        }

        private func close(_ session: MatrixSession, _ ids: [String]) async throws {
            for id in ids {
                _ = try await session.desktop.run(
                    "gdbus",
                    [
                        "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                        "/org/freedesktop/Notifications", "--method",
                        "org.freedesktop.Notifications.CloseNotification", id,
                    ])
            }
            try await session.waitForShown(0)
        }
    }
}

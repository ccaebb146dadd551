import Foundation
import Testing
import TestSupport

extension EndToEndWithoutPixelClicks {
    /// SwayNotificationCenter's own per-app rules (`notification-visibility` in the `config.json`
    /// the running swaync reads) and the agent's, on the real swaync 0.7.3 and 0.12.6
    /// (`UNOTIFY_DESKTOP_SETTINGS=swaync`, the same `XDG_CONFIG_HOME`): what the user writes there
    /// is what `unotify settings` says, and what swaync then does with the app's notifications.
    @Suite(.serialized, .timeLimit(.minutes(3))) struct SwayncSettingsEndToEndTests {
        @Test(arguments: [MatrixServer.swaync, .swaync012])
        func itsVisibilityRulesAreTheAppsSettings(_ server: MatrixServer) async throws {
            let session = try await MatrixSession(server)
            let root = session.desktop.stateDirectory
            let environment = [
                "XDG_CONFIG_HOME": root.appendingPathComponent("config").path, "UNOTIFY_DESKTOP_SETTINGS": "swaync",
            ]
            // The agent starts with swaync's configuration as its settings.
            for app in ["org.example.Hidden", "org.example.Muted"] {
                let allowed = try await session.unotify(["settings", app, "allow"], extraEnvironment: environment)
                #expect(allowed.status == 0, "\(allowed.stderr)")
            }
            // The user's rules, added to the configuration swaync runs on, and swaync reloads it.
            let file = root.appendingPathComponent("config/swaync/config.json")
            let original = try Data(contentsOf: file)
            defer { try? original.write(to: file) }
            var config = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
            config["notification-visibility"] = [
                "hide-it": ["state": "ignored", "app-name": "^Hidden$"],
                "mute-it": ["state": "muted", "app-name": "^Muted$"],
            ]
            try JSONSerialization.data(withJSONObject: config).write(to: file)
            try await session.desktop.output("swaync-client", ["--reload-config"])

            let hidden = try await session.output(["settings", "org.example.Hidden"], extraEnvironment: environment)
            #expect(hidden.contains("\nstatus: denied\n"), "\(hidden)")
            let refused = try await session.unotify(
                ["send", "--app", "org.example.Hidden", "Hidden"], extraEnvironment: environment)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("not allowed"), "\(refused.stderr)")

            let muted = try await session.output(["settings", "org.example.Muted"], extraEnvironment: environment)
            #expect(muted.contains("\nalert: off\n"), "\(muted)")
            let sent = try await session.unotify(
                ["send", "--app", "org.example.Muted", "Muted"], extraEnvironment: environment)
            #expect(sent.status == 0, "\(sent.stderr)")
            // swaync keeps it (its count), and the agent lists it as delivered.
            try await Eventually.wait(timeout: .seconds(10), "swaync holds the muted app's notification") {
                try await session.desktop.swayncCount() == 1
            }
            let delivered = try await session.output(
                ["delivered", "--app", "org.example.Muted"], extraEnvironment: environment)
            #expect(delivered.contains("Muted"), "\(delivered)")
            try original.write(to: file)
            try await session.desktop.output("swaync-client", ["--reload-config"])
        }
    }
}

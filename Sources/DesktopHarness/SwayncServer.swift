import Foundation

/// SwayNotificationCenter (Debian 12's swaync 0.7, a GTK3 layer-shell client) on a headless
/// sway (``HeadlessSway``), on the private bus, with no X.
///
/// Its configuration is the stock `config.json` and `style.css`, copied to the state
/// directory's `config/swaync`, with one change: popups stay on screen until answered or closed,
/// so that a click on a loaded machine never finds its popup gone; `DESKTOP_SWAYNC_TIMEOUT`
/// sets the normal and low timeouts instead. Its do-not-disturb lives in GSettings, through the
/// keyfile backend under the state directory's `config`. swaync-client has no command that
/// invokes an action: the tests click the popups' buttons.
struct SwayncServer: DesktopRecipe {
    static let stockDirectory = "/etc/xdg/swaync"

    var requirements: [(binary: String, package: String)] {
        [("swaync", "sway-notification-center"), ("swaync-client", "sway-notification-center"), ("jq", "jq")]
            + HeadlessSway.requirements
    }
    var runsWithoutX: Bool { true }

    func start(_ launch: DesktopLaunch) async throws {
        let files = FileManager.default
        guard files.isReadableFile(atPath: "\(Self.stockDirectory)/config.json"),
            files.isReadableFile(atPath: "\(Self.stockDirectory)/style.css")
        else {
            throw HarnessError(
                "swaync's stock configuration \(Self.stockDirectory)/{config.json,style.css} is missing: "
                    + "reinstall the Debian package 'sway-notification-center'")
        }
        try await HeadlessSway.start(in: launch)
        try Self.writeConfiguration(from: Self.stockDirectory, described: Self.stockDirectory, in: launch)
        launch.environment["DISPLAY"] = nil
        let pid = try launch.spawn(
            [
                "swaync", "-c", launch.path("config/swaync/config.json"), "-s",
                launch.path("config/swaync/style.css"),
            ], name: "server", log: "server.log",
            overrides: [
                "XDG_RUNTIME_DIR": launch.path("xdg-runtime"), "XDG_CONFIG_HOME": launch.path("config"),
                "XDG_CACHE_HOME": launch.path("cache"), "XDG_DATA_HOME": launch.path("data"),
                "WAYLAND_DISPLAY": launch.waylandSocket, "GDK_BACKEND": "wayland", "GSETTINGS_BACKEND": "keyfile",
                "NO_AT_BRIDGE": "1", "GTK_A11Y": "none", "HOME": launch.state,
            ])
        launch.serverPID = pid
        try await launch.waitForOwner(
            DesktopLaunch.notificationsName, process: pid, what: "swaync (see \(launch.path("server.log")))")
    }

    /// Writes `config/swaync/config.json` and `style.css` in the state directory from the stock
    /// ones in `directory` (`described` in the error): popups time out after
    /// `DESKTOP_SWAYNC_TIMEOUT` seconds (0, the default: never), critical ones never.
    static func writeConfiguration(from directory: String, described: String, in launch: DesktopLaunch) throws {
        try FileManager.default.createDirectory(
            atPath: launch.path("config/swaync"), withIntermediateDirectories: true)
        let timeout = launch.knobs.swayncTimeout
        guard !timeout.isEmpty, timeout.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw HarnessError("DESKTOP_SWAYNC_TIMEOUT must be a number of seconds, not '\(timeout)'")
        }
        let edited = launch.tool([
            "jq", "--argjson", "t", timeout, ".timeout = $t | .\"timeout-low\" = $t | .\"timeout-critical\" = 0",
            "\(directory)/config.json",
        ])
        guard edited.succeeded else {
            throw HarnessError("could not write swaync's configuration from \(described)/config.json")
        }
        try launch.write(edited.output, to: "config/swaync/config.json")
        try Data(contentsOf: URL(fileURLWithPath: "\(directory)/style.css"))
            .write(to: URL(fileURLWithPath: launch.path("config/swaync/style.css")))
    }
}

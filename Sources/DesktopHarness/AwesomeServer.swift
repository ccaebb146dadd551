import DBus
import Foundation

/// The awesome 4.3 window manager on the desktop's Xvfb, whose notification library (naughty)
/// owns org.freedesktop.Notifications. It runs the stock rc.lua, copied into the state
/// directory so a test may change it; that rc.lua loads `awful.remote`, so `awesome-client`
/// runs Lua inside the window manager: the tests ask it where a popup's action row is drawn and
/// click there with xdotool.
///
/// naughty owns the name while rc.lua is still loading: awesome counts as ready once its
/// remote `Eval` answers. Every window visible then is awesome's own bar (the wibar), no popup:
/// those are exported as background windows, which the tests leave out when they count popups.
struct AwesomeServer: DesktopRecipe {
    static let stockConfiguration = "/etc/xdg/awesome/rc.lua"

    var requirements: [(binary: String, package: String)] {
        [("awesome", "awesome"), ("awesome-client", "awesome"), ("xdotool", "xdotool")]
    }

    func start(_ launch: DesktopLaunch) async throws {
        guard launch.wantsX else {
            throw HarnessError("awesome is an X11 window manager: DESKTOP_X=0 is not supported")
        }
        let files = FileManager.default
        let configuration = launch.path("config/awesome/rc.lua")
        try files.createDirectory(atPath: launch.path("config/awesome"), withIntermediateDirectories: true)
        if files.fileExists(atPath: configuration) { try files.removeItem(atPath: configuration) }
        try files.copyItem(atPath: Self.stockConfiguration, toPath: configuration)
        launch.environment["WAYLAND_DISPLAY"] = nil
        let server = try launch.spawn(
            [
                "env", "HOME=\(launch.state)", "XDG_RUNTIME_DIR=\(launch.path("xdg-runtime"))",
                "XDG_CONFIG_HOME=\(launch.path("config"))", "XDG_CACHE_HOME=\(launch.path("cache"))",
                "XDG_DATA_HOME=\(launch.path("data"))", "NO_AT_BRIDGE=1", "LANG=C.UTF-8", "awesome", "-c",
                configuration,
            ], name: "server", log: "server.log")
        launch.serverPID = server
        // awesome-client waits 25 s for an answer, and an Eval sent while rc.lua is still
        // loading gets none (1 start in 8 measured): each try here is bounded to 1 s instead.
        try await launch.waitUntil("awesome-client answering (see \(launch.path("server.log")))", process: server) {
            let answer = await launch.reply(
                from: "org.awesomewm.awful", path: "/", interface: "org.awesomewm.awful.Remote", member: "Eval",
                arguments: [.string("return 1")], timeout: .seconds(1))
            return answer?.contains { $0 == .double(1) || $0 == .variant(.double(1)) } ?? false
        }
        try await launch.waitForOwner(DesktopLaunch.notificationsName, process: server, what: "awesome")
        // Every visible window now is awesome's own (the wibar), no popup.
        let windows = launch.tool(["xdotool", "search", "--onlyvisible", "--maxdepth", "1", "--name", ""])
        launch.backgroundWindows = windows.output.split(separator: "\n").map(String.init)
        guard windows.succeeded, !launch.backgroundWindows.isEmpty else {
            throw HarnessError("awesome shows no window of its own (its wibar): xdotool found none")
        }
    }
}

import Foundation

/// dunst with the project's configuration (``DunstConfiguration``): its menu program is
/// `scripts/desktop/dunst-pick`, which answers `dunstctl context` from the file `dunst-pick`
/// in the state directory; `DESKTOP_DUNST_LIMIT` is its `notification_limit`.
struct DunstServer: DesktopRecipe {
    var requirements: [(binary: String, package: String)] { [("dunst", "dunst")] }

    func start(_ launch: DesktopLaunch) async throws {
        let configuration = DunstConfiguration.template
            .replacingOccurrences(of: "@DMENU@", with: "\(launch.script("dunst-pick")) \(launch.path("dunst-pick"))")
            .replacingOccurrences(of: "@LIMIT@", with: launch.knobs.dunstLimit)
        try launch.write(configuration + "\n", to: "dunstrc")
        try await StandaloneServer(command: ["dunst", "-config", launch.path("dunstrc")], package: "dunst")
            .start(launch)
    }
}

/// Only the private bus (no X unless `DESKTOP_X=1`, no server), for tests that bring their own
/// fake server.
struct BusOnly: DesktopRecipe {
    var requirements: [(binary: String, package: String)] { [] }
    var runsWithoutX: Bool { true }

    func start(_ launch: DesktopLaunch) async throws {}
}

import Foundation

/// python3-dbusmock's `notification_daemon` template, with the capabilities
/// `DESKTOP_DBUSMOCK_CAPS` names (the template's own by default).
struct DbusmockServer: DesktopRecipe {
    var requirements: [(binary: String, package: String)] { [("/usr/bin/python3", "python3")] }
    var runsWithoutX: Bool { true }

    func start(_ launch: DesktopLaunch) async throws {
        guard
            FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock")
                || launch.tool(["/usr/bin/python3", "-c", "import dbusmock"]).succeeded
        else {
            throw HarnessError(
                "python module dbusmock not found for /usr/bin/python3: install the Debian package 'python3-dbusmock'")
        }
        var command = [
            "/usr/bin/python3", "-m", "dbusmock", "--session", "-t", "notification_daemon", "-l",
            launch.path("dbusmock.log"),
        ]
        let capabilities = launch.knobs.dbusmockCapabilities
        if !capabilities.isEmpty { command += ["-p", "{\"capabilities\": \"\(capabilities)\"}"] }
        try await StandaloneServer(command: command, package: "python3-dbusmock").start(launch)
    }
}

import DBus
import Foundation

/// The real notification portal on a test desktop's bus: `xdg-permission-store`,
/// `xdg-desktop-portal-gtk` (whose notification backend shows through the desktop's
/// `org.freedesktop.Notifications`) and `xdg-desktop-portal`, started as a desktop session
/// starts them, with runtime and data folders of their own (the permission store keeps its
/// answers under `XDG_DATA_HOME/flatpak/db`), and stopped with this value.
public final class NotificationPortalProcesses: Sendable {
    private let runtime: TemporaryDirectory
    private let data: TemporaryDirectory
    private let processes: [ChildProcess]

    /// Starts the three on `desktop`'s bus and waits (bounded) until the portal owns
    /// `org.freedesktop.portal.Desktop`.
    public init(on desktop: TestDesktop) async throws {
        runtime = try TemporaryDirectory("portal-runtime")
        data = try TemporaryDirectory("portal-data")
        var environment = desktop.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["XDG_DATA_HOME"] = data.path
        // gtk.portal serves the desktops named GNOME; GSettings in memory, no accessibility bus
        environment["XDG_CURRENT_DESKTOP"] = "GNOME"
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["NO_AT_BRIDGE"] = "1"
        var started: [ChildProcess] = []
        let watcher = try DBusConnection(address: desktop.busAddress)
        do {
            for (program, name) in [
                ("xdg-permission-store", "org.freedesktop.impl.portal.PermissionStore"),
                ("xdg-desktop-portal-gtk", "org.freedesktop.impl.portal.desktop.gtk"),
                ("xdg-desktop-portal", "org.freedesktop.portal.Desktop"),
            ] {
                let process = try ChildProcess("/usr/libexec/" + program, ["--replace"], environment: environment)
                started.append(process)
                let bus = try BusName(validating: name)
                try await Eventually.wait(timeout: .seconds(30), "\(program) owning \(name)") {
                    if process.hasExited { throw TestSupportError("\(program) exited: \(process.standardError)") }
                    return try await watcher.nameOwner(of: bus) != nil
                }
            }
        } catch {
            for process in started.reversed() { process.stop(grace: 2) }
            throw error
        }
        processes = started
    }

    deinit { stop() }

    /// Stops the three, the portal first.
    public func stop() {
        for process in processes.reversed() { process.stop(grace: 2) }
    }
}

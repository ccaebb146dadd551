import Foundation

/// Installs what lets the session start `unotifyd` on demand: a D-Bus activation file and a
/// systemd user unit, for the current user.
package enum AgentInstallation {
    /// Writes both files and returns their paths.
    package static func install(executable: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> [String]
    {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        let service = URL(fileURLWithPath: dataHome + "/dbus-1/services/org.unotify.Agent.service")
        let unit = URL(fileURLWithPath: configHome + "/systemd/user/unotifyd.service")
        try write(serviceFile(executable: executable), to: service)
        try write(unitFile(executable: executable), to: unit)
        return [service.path, unit.path]
    }

    /// The D-Bus activation file (also in the repository as `dbus/org.unotify.Agent.service.in`).
    package static func serviceFile(executable: String) -> String {
        """
        [D-BUS Service]
        Name=org.unotify.Agent
        Exec=\(executable)
        SystemdService=unotifyd.service

        """
    }

    package static func unitFile(executable: String) -> String {
        """
        [Unit]
        Description=unotify notification agent (UserNotifications for Linux)

        [Service]
        Type=dbus
        BusName=org.unotify.Agent
        ExecStart=\(executable)

        """
    }

    private static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    }
}

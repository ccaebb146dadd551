import Foundation

extension MatrixSession {
    /// GNOME Shell's cases write the desktop's own notification settings: the agent, which uses
    /// GNOME's store there, and the shell itself, which lists every app it shows in
    /// `org.gnome.desktop.notifications application-children`. Before the next case, every
    /// listed app's settings are reset to GNOME's defaults and the list emptied (with the real
    /// `gsettings`, on the desktop's keyfile store), then checked empty, or this throws.
    static func resetGnomeNotificationSettings(on desktop: TestDesktop) async throws {
        let master = "org.gnome.desktop.notifications"
        let listed = try await gsettings(["get", master, "application-children"], on: desktop)
        // "@as []" or "['org-example-tea', 'org-example-spam']"
        let children = listed.split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
        for child in children {
            let path = "/org/gnome/desktop/notifications/application/\(child)/"
            try await gsettings(["reset-recursively", "\(master).application:\(path)"], on: desktop)
        }
        try await gsettings(["reset", master, "application-children"], on: desktop)
        try await gsettings(["reset", master, "show-banners"], on: desktop)
        let now = try await gsettings(["get", master, "application-children"], on: desktop)
        guard now.trimmingCharacters(in: .whitespacesAndNewlines) == "@as []" else {
            throw TestSupportError("GNOME's application-children is still \(now)")
        }
    }

    /// Runs `gsettings ARGUMENTS` on a GNOME Shell `desktop`'s settings store; returns its output.
    @discardableResult
    public static func gsettings(_ arguments: [String], on desktop: TestDesktop) async throws -> String {
        guard let state = desktop.variables["DESKTOP_STATE_DIR"] else {
            throw TestSupportError("test-desktop up exported no DESKTOP_STATE_DIR")
        }
        var environment = desktop.environment
        environment["GSETTINGS_BACKEND"] = "keyfile"
        environment["XDG_CONFIG_HOME"] = state + "/config"
        let tool = try ChildProcess("/usr/bin/gsettings", arguments, environment: environment)
        let status = try await tool.wait(timeout: 10)
        guard status == 0 else {
            throw TestSupportError(
                "gsettings \(arguments.joined(separator: " ")) exited \(status): \(tool.standardError)")
        }
        return tool.standardOutput
    }
}

import CGio
import Foundation

/// An app as the desktop knows it: its `.desktop` file, read with GLib's desktop-entry support
/// (`GKeyFile` with the desktop group's rules, then `GDesktopAppInfo`, as GNOME Shell reads it):
/// the `Name` in the user's language, the `Icon`, and `X-GNOME-UsesNotifications`.
///
/// The file is `<app>.desktop` in `$XDG_DATA_HOME/applications` or a folder of `XDG_DATA_DIRS`,
/// the first that exists; it is read by the agent (a regular file of at most 256 KiB, without
/// blocking: a FIFO is never opened for reading) and handed to GLib as data.
package struct AppDesktopEntry: Equatable, Sendable {
    /// The desktop-entry id, sent as the `desktop-entry` hint: the file's name without `.desktop`.
    package var id: String
    /// `Name`, localized for the user's language; `nil` when the entry has none.
    package var name: String?
    /// `Icon`: a themed icon's name or an absolute path; `nil` when the entry has none.
    package var icon: String?
    /// `X-GNOME-UsesNotifications=true`: GNOME lists the app among those that notify.
    package var usesNotifications: Bool
    /// Whether GIO takes it for an application this desktop can start (`GDesktopAppInfo`:
    /// `Type=Application`, its `TryExec` and `Exec` found on `PATH`).
    package var isLaunchable: Bool

    /// The entry of `app`, when one of the application folders has a readable one.
    package static func find(
        app: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> AppDesktopEntry? {
        for directory in applicationDirectories(environment) {
            let path = URL(fileURLWithPath: directory).appendingPathComponent("\(app).desktop").path
            // try?: an app without a readable desktop file is named by its id
            guard let bytes = try? PrivateFileSystem.read(path, limit: 256 << 10) else { continue }
            return parse(bytes, id: app)
        }
        return nil
    }

    /// The entry in `bytes` (a `.desktop` file's contents) under `id`; `nil` when GLib cannot
    /// read it as a key file with a `[Desktop Entry]` group.
    package static func parse(_ bytes: [UInt8], id: String) -> AppDesktopEntry? {
        guard let keyFile = g_key_file_new() else { return nil }
        defer { g_key_file_unref(keyFile) }
        let loaded = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                g_key_file_load_from_data(
                    keyFile, $0.baseAddress, gsize($0.count), UNOTIFY_G_KEY_FILE_KEEP_TRANSLATIONS, nil)
            }
        }
        let group = "Desktop Entry"
        guard loaded != 0, g_key_file_has_group(keyFile, group) != 0 else { return nil }
        let name = takeString(g_key_file_get_locale_string(keyFile, group, "Name", nil, nil))
        let icon = takeString(g_key_file_get_string(keyFile, group, "Icon", nil))
        let uses = g_key_file_get_boolean(keyFile, group, "X-GNOME-UsesNotifications", nil) != 0
        var launchable = false
        if let info = g_desktop_app_info_new_from_keyfile(keyFile) {
            launchable = true
            g_object_unref(UnsafeMutableRawPointer(info))
        }
        return AppDesktopEntry(
            id: id, name: name.flatMap { $0.isEmpty ? nil : $0 }, icon: icon.flatMap { $0.isEmpty ? nil : $0 },
            usesNotifications: uses, isLaunchable: launchable)
    }

    /// A string GLib allocated, freed after it is copied.
    private static func takeString(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
        guard let pointer else { return nil }
        defer { g_free(pointer) }
        return String(validatingCString: pointer)
    }

    /// `$XDG_DATA_HOME/applications`, then each `XDG_DATA_DIRS` folder's `applications`.
    static func applicationDirectories(_ environment: [String: String]) -> [String] {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        return ([dataHome] + dataDirs.split(separator: ":").map(String.init)).map { $0 + "/applications" }
    }
}

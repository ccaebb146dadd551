import Foundation

/// What every GNOME Shell of the test desktops starts with (43 on Xvfb, 48 and 51 in chroots):
/// GSettings through the keyfile backend in the state directory (no animations, hot corners,
/// idle delay or screen lock, no welcome dialog, the test extension enabled), the screen-lock
/// warning counted as shown, and the test extension of that major version with `code`.
enum GnomeShellProfile {
    static let extensionID = "unotify-test-desktop@unotify"

    static func write(_ launch: DesktopLaunch, major: String, extensionCode code: String) throws {
        let files = FileManager.default
        let extensionDirectory = launch.path("data/gnome-shell/extensions/\(extensionID)")
        try files.createDirectory(atPath: launch.path("config/glib-2.0/settings"), withIntermediateDirectories: true)
        try files.createDirectory(atPath: extensionDirectory, withIntermediateDirectories: true)
        // The shell shows a "Screen Lock disabled" banner once per data directory unless this exists.
        let lockWarning = launch.path("data/gnome-shell/lock-warning-shown")
        if !files.fileExists(atPath: lockWarning) { try launch.write("", to: lockWarning) }
        try launch.write(
            """
            [org/gnome/desktop/interface]
            enable-animations=false
            enable-hot-corners=false
            [org/gnome/desktop/session]
            idle-delay=uint32 0
            [org/gnome/desktop/screensaver]
            lock-enabled=false
            [org/gnome/shell]
            welcome-dialog-last-shown-version='999'
            enabled-extensions=['\(extensionID)']

            """, to: "config/glib-2.0/settings/keyfile")
        try launch.write(
            "{\"uuid\": \"\(extensionID)\", \"name\": \"unotify test desktop\", "
                + "\"description\": \"tests only: unsafe mode\", \"shell-version\": [\"\(major)\"]}\n",
            to: "\(extensionDirectory)/metadata.json")
        try launch.write(code, to: "\(extensionDirectory)/extension.js")
    }
}

import FreedesktopNotifications
import NotificationAgentClient

/// A notification server `unotify capture --server-profile NAME` pretends to be: what it answers
/// to `GetServerInformation` and `GetCapabilities`. The name, vendor and version select the
/// rows of ``ServerQuirk/table`` the real server has, so the agent and `unotify send` adapt to
/// it as they do on that desktop (`unotify server --explain` lists them).
package struct CapturePersona: Sendable {
    /// The name `--server-profile` takes.
    package let name: String
    package let information: ServerInformation
    package let capabilities: [String]
    /// Where the answers were read.
    package let source: String

    /// The personas, the default (`unotify`) first.
    package static let table: [CapturePersona] = [
        CapturePersona(
            name: "unotify",
            information: ServerInformation(
                name: "unotify-capture", vendor: "unotify", version: UnotifyVersion.number, specVersion: "1.2"),
            capabilities: ["actions", "body", "body-markup", "persistence"],
            source: "no server's: buttons, markup, persistence, no quirks"),
        CapturePersona(
            name: "gnome-shell",
            information: ServerInformation(name: "gnome-shell", vendor: "GNOME", version: "43.9", specVersion: "1.2"),
            capabilities: ["actions", "body", "body-markup", "icon-static", "persistence", "sound"],
            source: "GNOME Shell 43.9 (Debian 12), measured; 48 and 51 answer the same"),
        CapturePersona(
            name: "plasma",
            information: ServerInformation(name: "Plasma", vendor: "KDE", version: "5.27.5", specVersion: "1.2"),
            capabilities: [
                "body", "body-hyperlinks", "body-markup", "body-images", "icon-static", "actions", "persistence",
                "inline-reply", "x-kde-urls", "x-kde-origin-name", "x-kde-display-appname", "inhibitions",
            ],
            source: "KDE Plasma 5.27 (Debian 12), measured; 6 answers the same"),
        CapturePersona(
            name: "dunst",
            information: ServerInformation(
                name: "dunst", vendor: "knopwob", version: "1.9.0 (2022-06-27)", specVersion: "1.2"),
            capabilities: [
                "actions", "body", "body-hyperlinks", "body-markup", "icon-static", "private-synchronous",
                "synchronous", "x-canonical-private-synchronous", "x-dunst-stack-tag",
            ],
            source: "dunst 1.9.0 (Debian 12), measured"),
        CapturePersona(
            name: "notify-osd",
            information: ServerInformation(
                name: "notify-osd", vendor: "Canonical Ltd", version: "1.0", specVersion: "1.1"),
            capabilities: [
                "body", "body-markup", "icon-static", "image/svg+xml", "x-canonical-private-synchronous",
                "x-canonical-append", "x-canonical-private-icon-only", "x-canonical-truncation", "private-synchronous",
                "append", "private-icon-only", "truncation",
            ],
            source: "notify-osd 0.9.35 (Debian 12), measured (no actions: no buttons)"),
    ]

    /// The persona named `name`.
    package static func named(_ name: String) throws(CaptureError) -> CapturePersona {
        guard let persona = table.first(where: { $0.name == name }) else {
            throw CaptureError(
                "--server-profile \(name): unknown; use one of " + table.map(\.name).joined(separator: ", "))
        }
        return persona
    }

    /// The same server with other capabilities (`--capabilities`).
    package func with(capabilities: [String]) -> CapturePersona {
        CapturePersona(name: name, information: information, capabilities: capabilities, source: source)
    }
}

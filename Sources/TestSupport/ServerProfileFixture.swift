import FreedesktopNotifications

/// Servers as they describe themselves (`GetServerInformation`, `GetCapabilities`), for tests of
/// what is decided from a profile.
public enum ServerProfileFixture {
    /// KDE Plasma's own `GetCapabilities` (measured on 5.27 and 6).
    public static let plasmaCapabilities = [
        "body", "body-hyperlinks", "body-markup", "body-images", "icon-static", "actions", "persistence",
        "inline-reply", "x-kde-urls", "x-kde-origin-name", "x-kde-display-appname", "inhibitions",
    ]
    /// GNOME Shell's own `GetCapabilities` (measured on 43, 48 and 51).
    public static let gnomeCapabilities = ["actions", "body", "body-markup", "icon-static", "persistence", "sound"]

    /// The profile of a server that says it is `name` by `vendor` at `version`, with `capabilities`.
    public static func profile(_ name: String, _ vendor: String, _ version: String, _ capabilities: [String])
        -> ServerProfile
    {
        ServerProfile(
            information: ServerInformation(name: name, vendor: vendor, version: version, specVersion: "1.2"),
            capabilities: ServerCapabilities(capabilities))
    }
}
